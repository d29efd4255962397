// Issue 10, part 6: N projector workers partitioned by company against one log, each with its
// own pool, log reader and checkpoints, building every projection into one schema; used by the
// equality test beside it and by the throughput bench (test/bench/partitioned-projectors).
import { createPool, type Pool } from '@factory/database';
import { createPostgresEventStore } from '@factory/event-store';
import { compareTables } from '../../src/operations/verify/compare-tables.js';
import { PROJECTIONS } from '../../src/projections.js';
import { partitionCheckpointName, partitioned } from '../../src/projector/partition.js';
import { startProjector } from '../../src/projector/projector.js';
import { waitUntilCaughtUp } from '../../src/projector/wait-for-projection.js';
import { createShadowTables } from './shadow-tables.js';

/**
 * Builds every projection from position zero into `schema` with `workers` partitioned workers
 * and resolves once all of them reached the head of the log, with the time that took.
 */
export async function buildPartitioned(options: {
  databaseUrl: string;
  pool: Pool;
  workers: number;
  schema: string;
  batchSize?: number;
}): Promise<{ ms: number }> {
  for (const projection of PROJECTIONS) await createShadowTables(options.pool, projection, options.schema);
  const started = performance.now();
  const running = Array.from({ length: options.workers }, (_, index) => {
    const partition = { index, count: options.workers };
    // Per projection one or two batch transactions, plus the log reader and the heartbeat.
    const pool = createPool(options.databaseUrl, { max: 2 * PROJECTIONS.length + 2, name: `sim-${index}` });
    const eventStore = createPostgresEventStore({ pool, listen: null });
    const hosted = PROJECTIONS.map((projection) => ({
      projection: partitioned(projection, partition),
      target: {
        schema: options.schema,
        checkpointName: partitionCheckpointName(`${projection.name}@${options.schema}`, partition),
      },
    }));
    const worker = startProjector({
      pool,
      eventStore,
      projections: hosted,
      batchSize: options.batchSize,
      pollIntervalMs: 50,
    });
    const caughtUp = Promise.all(
      hosted.map(({ target }) =>
        waitUntilCaughtUp(pool, eventStore, target.checkpointName, { timeoutMs: 600_000 }),
      ),
    );
    return { caughtUp, worker, eventStore, pool };
  });
  try {
    await Promise.all(running.map((r) => r.caughtUp));
    return { ms: performance.now() - started };
  } finally {
    for (const r of running) {
      await r.worker.close();
      await r.eventStore.close();
      await r.pool.end();
    }
  }
}

/** Every table of every projection compared row by row and field by field between two schemas. */
export async function differences(
  pool: Pool,
  expected: string,
  actual: string,
): Promise<Array<{ tabela: string; count: number; rows: number }>> {
  const client = await pool.connect();
  try {
    const result = [];
    for (const projection of PROJECTIONS)
      for (const tabela of projection.tables) {
        const { count } = await compareTables(client, {
          projecao: projection.name,
          tabela,
          live: [expected, tabela],
          replayed: [actual, tabela],
          examples: 3,
        });
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${expected}"."${tabela}"`,
        );
        result.push({ tabela, count, rows: rows[0]!.n });
      }
    return result;
  } finally {
    client.release();
  }
}
