import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { compareCheckpoints, createPostgresEventStore } from '@factory/event-store';
import { PROJECTIONS, readCheckpoint, verifyProjections, waitUntilCaughtUp } from '@factory/read-models';
import { createTestDatabase, describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { StockWriter } from '../../packages/read-models/test/stock/stock-writer.fixture.js';

// Invariant 5 with real crashes: the standalone projector is SIGKILLed 20 times at random
// points while 20k movements are appended, and restarted each time. At the end nothing is
// lost or doubled, the balances are the sums of the movements and the checkpoint is the head.
const ROOT = new URL('../../', import.meta.url).pathname;
const MOVEMENTS = 20_000;
const KILLS = 20;
const WRITERS = 8;

function startProjector(databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/projector/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      // Small batches: many transactions, so kills land inside them.
      PROJECTOR_BATCH_SIZE: String(randomInt(50, 400)),
      PROJECTOR_POLL_INTERVAL_MS: '100',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWith(['postgres'], 'projector crash (kill -9) and restart', () => {
  it('loses nothing and doubles nothing across 20 SIGKILLs during a 20k-event load', async () => {
    const db = await createTestDatabase({ poolSize: WRITERS + 4 });
    const store = createPostgresEventStore({ pool: db.pool, listen: null });
    const empresa = randomUUID();
    const writer = new StockWriter(store, empresa);
    const locais = [randomUUID(), randomUUID(), randomUUID()];
    const items = await Promise.all(Array.from({ length: WRITERS * 5 }, () => writer.defineItem()));

    // 1. The load: each writer owns its items (one decider per stream), ~1.5k movements/s overall.
    let remaining = MOVEMENTS;
    const load = Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const mine = items.filter((_, i) => i % WRITERS === w);
        while (remaining > 0) {
          remaining--;
          const quantity = randomInt(6) === 0 ? -randomInt(1, 50) : randomInt(1, 50);
          await writer.move(mine[randomInt(mine.length)]!, locais[randomInt(locais.length)]!, quantity, {
            custo_unitario: quantity > 0 ? `${randomInt(1, 999)}.${randomInt(100)}` : null,
          });
          if (randomInt(4) === 0) await sleep(randomInt(1, 8));
        }
      }),
    );

    // 2. Kill the projector at random points once it is working, and restart it.
    const progressed = async (since: Awaited<ReturnType<typeof readCheckpoint>>) => {
      for (let i = 0; i < 200; i++) {
        const now = await readCheckpoint(db.pool, 'estoque');
        if (now && (!since || compareCheckpoints(now.checkpoint, since.checkpoint) > 0)) return;
        await sleep(10);
      }
    };
    let killedDuringLoad = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      const before = await readCheckpoint(db.pool, 'estoque');
      const child = startProjector(db.url);
      await progressed(before);
      await sleep(randomInt(0, 250));
      child.kill('SIGKILL');
      await exited(child);
      if (remaining > 0) killedDuringLoad++;
    }
    await load;
    console.log(
      `[projector crash] ${killedDuringLoad} of ${KILLS} kills landed while movements were being appended`,
    );

    // 3. One last run to the head, then the checks.
    const last = startProjector(db.url);
    try {
      await waitUntilCaughtUp(db.pool, store, 'estoque', { timeoutMs: 30_000 });
      const head = await store.readHead();
      expect((await readCheckpoint(db.pool, 'estoque'))!.checkpoint).toEqual(head.checkpoint);
    } finally {
      last.kill('SIGTERM');
      await exited(last);
    }
    const { rows } = await db.pool.query(
      `SELECT (SELECT count(*) FROM estoque_movimentos)::int AS movimentos,
              (SELECT count(DISTINCT id) FROM estoque_movimentos)::int AS distintos,
              (SELECT count(*) FROM events WHERE type = 'MovimentoRegistrado.v1')::int AS eventos,
              (SELECT count(*) FROM estoque_saldos s
                 JOIN (SELECT insumo_id, local_id, sum(quantidade) AS soma FROM estoque_movimentos
                        GROUP BY 1, 2) m USING (insumo_id, local_id)
                WHERE s.saldo <> m.soma)::int AS saldos_errados,
              (SELECT count(*) FROM estoque_saldos)::int AS saldos,
              (SELECT count(*) FROM estoque_itens i
                 JOIN (SELECT insumo_id, sum(saldo) AS soma FROM estoque_saldos GROUP BY 1) s USING (insumo_id)
                WHERE i.saldo <> s.soma)::int AS itens_errados`,
    );
    expect(rows[0]).toEqual({
      movimentos: MOVEMENTS,
      distintos: MOVEMENTS,
      eventos: MOVEMENTS,
      saldos_errados: 0,
      saldos: items.length * locais.length,
      itens_errados: 0,
    });
    // And every projection the worker hosts is what a replay of the log gives (verificar).
    expect(
      await verifyProjections({ pool: db.pool, eventStore: store, projections: PROJECTIONS }),
    ).toMatchObject({
      diferencas: 0,
    });
    await store.close();
  }, 240_000);
});
