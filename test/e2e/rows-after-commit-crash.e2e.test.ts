import { randomInt, randomUUID } from 'node:crypto';
import { ALL_SCOPES } from '@factory/domain';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith } from '@factory/testing';
import { createWriteStore } from '@factory/write-model';
import { defineSupplyItem } from '@factory/write-model/testing';
import { expect, it } from 'vitest';
import { startWriteApi } from '../support/write-api-process.js';

// Issue 9: the write path as KurrentDB must run it (rows after the commit), with real crashes.
// The standalone write API runs with EVENT_STORE_ROWS=after-commit and exits (the fault that
// test/support/event-store-faults gives its store) right after a random append's commit, before that
// append's rows (movement index, the key's answer) are written; it is started again, many times,
// while the same keyed requests are sent again and again. At the end: every request answered,
// each movement in the log once, every replay the first answer byte for byte, and the catch-up
// has written every row that a crash left missing. No key waits for a lease: a killed process's
// keys are free at once (their holder session ended with it), so no answer may be a 409 or 503.
const CRASHES = 12;
// Thirteen starts of the write API dominate: 8 to 24 s each on a busy 2-core machine (220 s in all).
// Fresh requests per run, so every run appends (and so reaches its crash point), then repeats.
const PER_RUN = 24;
const REQUESTS = CRASHES * PER_RUN;
const LANES = 6;

const startAfterCommit = (databaseUrl: string, exitAfterCommit: number | null) =>
  startWriteApi(
    databaseUrl,
    { EVENT_STORE_ROWS: 'after-commit' },
    exitAfterCommit === null ? undefined : { exitAfterCommit },
  );

interface Answer {
  status: number;
  body: string;
  position: string | null;
}

describeWith(['postgres'], 'rows after commit: the write API killed between the append and its rows', () => {
  it(`loses nothing, doubles nothing and replays every first answer across ${CRASHES} crashes`, async () => {
    const db = await createTestDatabase({ poolSize: 6 });
    const tenant = await createTenantFixture(db.pool, { escopos: [...ALL_SCOPES] });
    const items = Array.from({ length: 8 }, () => randomUUID());
    for (const insumoId of items)
      await defineSupplyItem(db.pool, {
        empresaId: tenant.empresaId,
        insumoId,
        sku: `F-${insumoId.slice(0, 8)}`,
        unidadeCompra: 'un',
        unidadeConsumo: 'un',
        fatorConversao: '1',
        custoReferencia: '2',
        now: new Date(),
      });
    const requests = Array.from({ length: REQUESTS }, (_, i) => ({
      key: `crash-${i}-${randomUUID()}`,
      body: JSON.stringify({
        insumo_id: items[i % items.length],
        local_id: tenant.locais[0]!.id,
        tipo: 'entrada_manual',
        quantidade: 1 + (i % 7),
        custo_unitario: 3.5,
      }),
    }));
    const post = async (port: number, request: (typeof requests)[number]): Promise<Answer | null> => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/v1/estoque/movimentos`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${tenant.token}`,
            'content-type': 'application/json',
            'idempotency-key': request.key,
          },
          body: request.body,
        });
        return {
          status: response.status,
          body: await response.text(),
          position: response.headers.get('x-posicao-log'),
        };
      } catch {
        return null; // the process died under this request
      }
    };
    const first = new Map<string, Answer>();
    const replays: Array<{ key: string; answer: Answer }> = [];
    // The run's fresh requests first (its appends reach the crash point), then every earlier one.
    const sendAll = async (port: number, dead: () => boolean, upTo: number, fresh = 0) => {
      const queue = [...requests.slice(fresh, upTo), ...requests.slice(0, fresh)];
      await Promise.all(
        Array.from({ length: LANES }, async () => {
          for (let request = queue.shift(); request && !dead(); request = queue.shift()) {
            const answer = await post(port, request);
            // A dead process's keys are free at once (their holder session died with it), so
            // anything but a cut connection is an answer, 409 and 503 included, and must be 201.
            if (answer === null) continue;
            if (first.has(request.key)) replays.push({ key: request.key, answer });
            else first.set(request.key, answer);
          }
        }),
      );
    };
    const missingRows = async () =>
      (
        await db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM events e
            WHERE e.type = 'MovimentoRegistrado.v1'
              AND NOT EXISTS (SELECT 1 FROM stock_movement_index i WHERE i.movimento_id = e.event_id)`,
        )
      ).rows[0]!.n;

    // 1. Crash after a random append's commit, again and again, each run sending every request.
    let leftMissing = 0;
    let crashed = 0;
    for (let run = 0; run < CRASHES; run++) {
      const api = await startAfterCommit(db.url, randomInt(1, 4));
      let dead = false;
      const died = api.exited.then(({ code }) => {
        dead = true;
        return code;
      });
      await Promise.race([sendAll(api.port, () => dead, (run + 1) * PER_RUN, run * PER_RUN), died]);
      if (!dead) api.child.kill('SIGTERM');
      const code = await died;
      if (code === 86) crashed++;
      leftMissing += await missingRows();
    }

    // 2. A last run without faults answers everything.
    const api = await startAfterCommit(db.url, null);
    try {
      for (let pass = 0; pass < 5 && first.size < REQUESTS; pass++)
        await sendAll(api.port, () => false, REQUESTS);
      await sendAll(api.port, () => false, REQUESTS);
    } finally {
      api.child.kill('SIGTERM');
      await api.exited;
    }

    // Every crash fell between a commit and its rows, and some left rows missing for the catch-up.
    expect(crashed).toBe(CRASHES);
    expect(leftMissing).toBeGreaterThan(0);
    // Everything answered 201; every replay is the first answer, byte for byte, same position.
    expect(first.size).toBe(REQUESTS);
    for (const answer of first.values()) expect(answer.status).toBe(201);
    for (const { key, answer } of replays) expect(answer).toEqual(first.get(key));
    // Each request is in the log exactly once, as its first answer said.
    const { rows: logged } = await db.pool.query<{ key: string; n: number; id: string; position: string }>(
      `SELECT metadata->>'idempotency_key' AS key, count(*)::int AS n, min(event_id::text) AS id,
              min(position)::text AS position
         FROM events WHERE type = 'MovimentoRegistrado.v1' GROUP BY 1`,
    );
    expect(logged).toHaveLength(REQUESTS);
    for (const row of logged) {
      expect(row.n).toBe(1);
      const answer = first.get(row.key)!;
      expect(JSON.parse(answer.body).id).toBe(row.id);
      expect(answer.position).toBe(row.position);
    }
    // The catch-up healed every row a crash left missing; every key holds its first answer.
    await createWriteStore({ pool: db.pool, rows: 'after-commit' }).writeSideRowsCurrent();
    expect(await missingRows()).toBe(0);
    const { rows: keys } = await db.pool.query<{ key: string; state: string; body: string | null }>(
      'SELECT idempotency_key AS key, state, body FROM idempotency_keys',
    );
    expect(keys).toHaveLength(REQUESTS);
    for (const k of keys) expect(k).toEqual({ key: k.key, state: 'done', body: first.get(k.key)!.body });
  }, 480_000);
});
