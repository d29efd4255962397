import { randomUUID } from 'node:crypto';
import { describeWith, rowsModeOfTests } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countEvents,
  expectError,
  type MovementScene,
  post,
  startMovementScene,
} from '../../../test/stock/stock-api.fixture.js';

const URL = '/v1/estoque/movimentos';
describeWith(['postgres', 'redis'], 'POST /v1/estoque/movimentos: idempotency and concurrency', () => {
  let { api, empresaId, token, localId, insumoId } = {} as MovementScene;
  const movement = (fields: Record<string, unknown> = {}) => ({
    insumo_id: insumoId,
    local_id: localId,
    tipo: 'entrada_manual',
    quantidade: 10,
    ...fields,
  });

  beforeAll(async () => {
    ({ api, empresaId, token, localId, insumoId } = await startMovementScene());
  });

  describe('idempotency', () => {
    it('replays the first answer byte for byte, with Idempotency-Replayed, writing nothing', async () => {
      const item = await api.item(empresaId);
      const body = movement({ insumo_id: item, custo_unitario: 3.1 });
      const first = await post(api.app, URL, token, body, { key: 'replay-1' });
      api.clock.advance(60_000);
      const again = await post(api.app, URL, token, body, { key: 'replay-1' });
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotency-replayed']).toBeUndefined();
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      for (const header of ['content-type', 'x-posicao-log'])
        expect(again.headers[header]).toBe(first.headers[header]);
      expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      expect(await countEvents(api.db, empresaId, item, 'MovimentoRegistrado.v1')).toBe(1);
    });

    it('records the answer under the key, in the commit of the movement itself unless rows come after it', async () => {
      const item = await api.item(empresaId);
      const first = await post(api.app, URL, token, movement({ insumo_id: item }), { key: 'same-commit' });
      expect(first.statusCode).toBe(201);
      const { rows } = await api.db.pool.query<{
        state: string;
        body: string;
        headers: object;
        same: boolean;
        claimed: boolean;
      }>(
        `SELECT k.state, k.body, k.headers, k.holder IS NOT NULL AS claimed,
                k.xmin::text = (e.tx_id::text::bigint % 4294967296)::text AS same
           FROM idempotency_keys k, events e
          WHERE k.idempotency_key = 'same-commit' AND e.event_id = $1`,
        [first.json().id],
      );
      expect(rows).toEqual([
        {
          state: 'done',
          body: first.payload,
          headers: {
            'Content-Type': first.headers['content-type'],
            'X-Posicao-Log': first.headers['x-posicao-log'],
          },
          // Written by the transaction that appended the event; after it in the after-commit mode.
          same: rowsModeOfTests() === 'in-commit',
          // In the commit, a fresh key is never claimed first (no holder): the append inserts its
          // row whole. After it, the key is claimed (by a holder) before the write.
          claimed: rowsModeOfTests() === 'after-commit',
        },
      ]);
    });

    it('ignores key order and whitespace, but refuses the key with another body', async () => {
      const item = await api.item(empresaId);
      const text = `{"insumo_id":"${item}","local_id":"${localId}","tipo":"entrada_manual","quantidade":2}`;
      const reordered = `{ "quantidade" : 2.0,\n "tipo": "entrada_manual", "local_id": "${localId}",  "insumo_id": "${item}" }`;
      const first = await post(api.app, URL, token, text, { key: 'order-1' });
      const same = await post(api.app, URL, token, reordered, { key: 'order-1' });
      expect(same.headers['idempotency-replayed']).toBe('true');
      expect(same.payload).toBe(first.payload);
      const other = await post(api.app, URL, token, movement({ insumo_id: item, quantidade: 3 }), {
        key: 'order-1',
      });
      expectError(other, 409, 'chave_idempotencia_reutilizada');
      expect(await countEvents(api.db, empresaId, item, 'MovimentoRegistrado.v1')).toBe(1);
    });

    it('keeps keys per token: another token may use the same key', async () => {
      const item = await api.item(empresaId);
      const first = await post(api.app, URL, token, movement({ insumo_id: item }), { key: 'per-token' });
      const colleague = await api.tenant();
      const theirItem = await api.item(colleague.empresaId);
      const theirs = await post(
        api.app,
        URL,
        colleague.token,
        { ...movement({ insumo_id: theirItem }), local_id: colleague.locais[0]!.id },
        { key: 'per-token' },
      );
      expect([first.statusCode, theirs.statusCode]).toEqual([201, 201]);
      expect(theirs.headers['idempotency-replayed']).toBeUndefined();
      expect(theirs.json().id).not.toBe(first.json().id);
    });

    it('replays a refusal with its status, codigo, mensagem and campo', async () => {
      const body = movement({ insumo_id: randomUUID() });
      const first = await post(api.app, URL, token, body, { key: 'refused-1' });
      expectError(first, 422, 'validacao', 'insumo_id');
      const again = await post(api.app, URL, token, body, { key: 'refused-1' });
      expectError(again, 422, 'validacao', 'insumo_id');
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(again.json().erro.mensagem).toBe(first.json().erro.mensagem);
    });

    it('64 parallel identical requests append exactly one event and all answer the same movement', async () => {
      const item = await api.item(empresaId);
      const body = movement({ insumo_id: item, quantidade: 1 });
      const answers = await Promise.all(
        Array.from({ length: 64 }, () => post(api.app, URL, token, body, { key: 'parallel-64' })),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 201));
      expect(new Set(answers.map((r) => r.payload)).size).toBe(1);
      expect(answers.filter((r) => r.headers['idempotency-replayed'] === undefined)).toHaveLength(1);
      expect(await countEvents(api.db, empresaId, item, 'MovimentoRegistrado.v1')).toBe(1);
    });
  });

  describe('concurrency', () => {
    it('32 concurrent writers on one item all succeed, and the balance is their sum', async () => {
      const item = await api.item(empresaId);
      const quantities = Array.from({ length: 32 }, (_, i) => (i % 3 === 0 ? -(i + 1) : i + 1));
      const answers = await Promise.all(
        quantities.map((quantidade) =>
          post(api.app, URL, token, movement({ insumo_id: item, tipo: 'ajuste', quantidade })),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(quantities.map(() => 201));
      const { rows } = await api.db.pool.query<{ saldo: string; revision: number }>(
        `SELECT data->>'saldo' AS saldo, stream_revision AS revision FROM events
          WHERE stream_id = $1 ORDER BY stream_revision DESC LIMIT 1`,
        [`estoque-${empresaId}-${item}`],
      );
      expect(rows[0]).toEqual({ saldo: String(quantities.reduce((a, b) => a + b, 0)), revision: 32 });
      expect(await countEvents(api.db, empresaId, item, 'MovimentoRegistrado.v1')).toBe(32);
    });
  });
});
