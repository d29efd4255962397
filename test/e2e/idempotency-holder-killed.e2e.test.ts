import { randomUUID } from 'node:crypto';
import { ALL_SCOPES } from '@factory/domain';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith } from '@factory/testing';
import { defineSupplyItem } from '@factory/write-model/testing';
import { describe, expect, it } from 'vitest';
import { startWriteApi } from '../support/write-api-process.js';

// Issue 23: a write API killed (SIGKILL) after its request took the Idempotency-Key and before
// anything committed (rows after commit; with rows in the commit a movement's first attempt takes
// no key before its append, issue 24, so the key is simply free). The key's row stays 'running' with a lease 30 s away; the retry, sent at
// once to a new process, must not wait that out (nor be refused): it writes once and answers
// 201, and the key then replays that answer. The crash point is a fault the test gives the write
// API's store (test/support/event-store-faults: it SIGKILLs itself as its first append is sent),
// on both ways the write side's rows are written.
describeWith(['postgres'], 'an Idempotency-Key whose process was killed before its commit', () => {
  describe.each(['in-commit', 'after-commit'])('rows %s', (rows) => {
    it('is free at once: the retry writes once and answers 201, then replays', async () => {
      const db = await createTestDatabase({ poolSize: 3 });
      const tenant = await createTenantFixture(db.pool, { escopos: [...ALL_SCOPES] });
      const insumoId = randomUUID();
      await defineSupplyItem(db.pool, {
        empresaId: tenant.empresaId,
        insumoId,
        sku: `K-${insumoId.slice(0, 8)}`,
        unidadeCompra: 'un',
        unidadeConsumo: 'un',
        fatorConversao: '1',
        custoReferencia: '2',
        now: new Date(),
      });
      const key = `morta-${randomUUID()}`;
      const body = JSON.stringify({
        insumo_id: insumoId,
        local_id: tenant.locais[0]!.id,
        tipo: 'entrada_manual',
        quantidade: 4,
        custo_unitario: 3.5,
      });
      const post = (port: number) =>
        fetch(`http://127.0.0.1:${port}/v1/estoque/movimentos`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${tenant.token}`,
            'content-type': 'application/json',
            'idempotency-key': key,
          },
          body,
        });
      const logged = async () =>
        (
          await db.pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM events WHERE metadata->>'idempotency_key' = $1",
            [key],
          )
        ).rows[0]!.n;

      // 1. The first attempt takes the key and dies before its append: no answer, nothing written.
      const doomed = await startWriteApi(db.url, { EVENT_STORE_ROWS: rows }, { killBeforeAppend: 1 });
      const cut = await post(doomed.port).then(
        (response) => response.status,
        () => 'cut' as const,
      );
      expect(cut).toBe('cut');
      expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
      const { rows: held } = await db.pool.query<{
        state: string;
        holder: number | null;
        lease_left: boolean;
      }>(
        'SELECT state, holder, lease_until > now() AS lease_left FROM idempotency_keys WHERE idempotency_key = $1',
        [key],
      );
      // After-commit: taken, by a holder, and its lease still runs: only the holder's death can
      // free it now. In-commit: a movement's first attempt claims nothing before its append, which
      // would have inserted the key's row with its answer: nothing holds the key.
      expect(held).toEqual(
        rows === 'after-commit' ? [{ state: 'running', holder: expect.any(Number), lease_left: true }] : [],
      );
      expect(await logged()).toBe(0);

      // 2. The retry at once, on a new process: written once, 201, then replayed byte for byte.
      const api = await startWriteApi(db.url, { EVENT_STORE_ROWS: rows });
      try {
        const retry = await post(api.port);
        const retried = await retry.text();
        expect([retry.status, retry.headers.get('idempotency-replayed')]).toEqual([201, null]);
        expect(JSON.parse(retried)).toMatchObject({ insumo_id: insumoId, quantidade: 4, origem: 'api' });
        const again = await post(api.port);
        expect([again.status, await again.text(), again.headers.get('idempotency-replayed')]).toEqual([
          201,
          retried,
          'true',
        ]);
        expect(again.headers.get('x-posicao-log')).toBe(retry.headers.get('x-posicao-log'));
        expect(await logged()).toBe(1);
      } finally {
        api.child.kill('SIGTERM');
        await api.exited;
      }
    }, 180_000);
  });
});
