import { createPool, migrate } from '@factory/database';
import { createPostgresEventStore } from '@factory/event-store';
import { liveTarget, PROJECTIONS, startProjector, waitUntilCaughtUp } from '@factory/read-models';
import { type SemearOptions, semear } from '@factory/seed';
import { type BenchContext, ratioLine } from './support/bench-context.js';

/**
 * `semear`: events written per second, as the CLI runs it (movements in shared appends, catalog
 * records 16 at a time, the projector following in the same process, done once it has caught
 * up), against the same kind of history written one command at a time in the same run (the
 * baseline: what a loop over the API's commands would do). Printed, never asserted.
 */
const SIZE = { empresas: 1, produtos: 200, insumos: 1_000, fornecedores: 30 };
const MOVEMENTS = 20_000;
const BASELINE_MOVEMENTS = 4_000;

export async function run(ctx: BenchContext): Promise<void> {
  const pool = createPool(ctx.databaseUrl, { max: 12, name: 'bench-semear' });
  try {
    await migrate(pool);
    const options = (semente: string, movimentos: number): SemearOptions => ({
      ...SIZE,
      movimentos,
      semente,
      now: new Date(),
    });

    const ours = await timed(ctx, 'semear (as the CLI: shared appends, projector caught up)', async () => {
      const eventStore = createPostgresEventStore({ pool });
      const projector = startProjector({ pool, eventStore, projections: PROJECTIONS });
      try {
        const result = await semear(pool, options('bench', MOVEMENTS));
        for (const projection of PROJECTIONS)
          await waitUntilCaughtUp(pool, eventStore, liveTarget(projection).checkpointName, {
            timeoutMs: 3_600_000,
          });
        return result.eventos;
      } finally {
        await projector.close();
        await eventStore.close();
      }
    });
    const writesOnly = await timed(
      ctx,
      'semear writes alone (no projector)',
      async () => (await semear(pool, options('bench-writes', MOVEMENTS))).eventos,
    );
    const baseline = await timed(
      ctx,
      'baseline: one command at a time, no projector',
      async () =>
        (
          await semear(pool, {
            ...options('bench-baseline', BASELINE_MOVEMENTS),
            inFlight: { catalog: 1, movements: 1 },
          })
        ).eventos,
    );
    ctx.log(ratioLine('semear / baseline (events/s)', ours, baseline));
    ctx.log(ratioLine('semear writes alone / baseline (events/s)', writesOnly, baseline));
  } finally {
    await pool.end();
  }
}

async function timed(ctx: BenchContext, label: string, work: () => Promise<number>): Promise<number> {
  const started = performance.now();
  const events = await work();
  const seconds = (performance.now() - started) / 1000;
  const rate = events / seconds;
  ctx.log(`  ${label}: ${events} events in ${seconds.toFixed(1)} s = ${Math.round(rate)} events/s`);
  return rate;
}
