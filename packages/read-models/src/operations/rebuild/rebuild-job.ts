import type { Pool } from '@factory/database';
import { compareCheckpoints, type EventLog, type EventStore, WakeSignal } from '@factory/event-store';
import { type JobContext, JobInterrupted, type JobKind } from '@factory/jobs';
import { readCheckpoint } from '../../projector/checkpoints.js';
import { createDeferredIndexes } from '../../projector/deferred-indexes.js';
import type { Projection, ProjectionTarget } from '../../projector/projection.js';
import { startProjector } from '../../projector/projector.js';
import type { ProjectorLog } from '../../projector/projector-log.js';
import { discardVersion, prepareVersion } from './prepare-version.js';
import { RebuildMeter } from './rebuild-meter.js';
import { readRebuild, recordFailure, recordProgress } from './rebuild-record.js';
import { SharedRebuildDatabase } from './shared-rebuild-database.js';
import { swapVersion } from './swap-version.js';

export const REBUILD_JOB = 'projection-rebuild';

export interface RebuildJobData {
  /** The projection_rebuilds row: the job is only its transport. */
  id: string;
}

export interface RebuildJobOptions {
  /** The rebuilds get a small pool of their own (shared-rebuild-database.ts): a swap waiting on
   *  live batches and readers must never wait for a connection they hold. */
  databaseUrl: string;
  /** The log to rebuild from; PostgreSQL (the database above) by default. */
  eventLog?: EventLog;
  projections: readonly Projection[];
  log: ProjectorLog;
  batchSize?: number;
  /** How often progress goes to the job, the record (`projecoes status`) and the log. */
  progressEveryMs?: number;
  attempts?: number;
  backoffMs?: number;
}

/**
 * `projecoes reconstruir` as a job: build the projection's next version from position zero
 * beside the live one with the same projection code and the same projector, follow the log to
 * its head, then swap (swap-version.ts). Everything it needs to resume is in the database
 * (the record, the version's tables and checkpoint), so a retry, or another worker after a
 * kill -9, goes on from the version's own checkpoint.
 */
export function rebuildJob(options: RebuildJobOptions): JobKind<RebuildJobData> {
  // `--todas` rebuilds every projection at once; they share one read of the log.
  const concurrency = Math.max(1, options.projections.length);
  const database = new SharedRebuildDatabase(options.databaseUrl, concurrency, options.eventLog);
  const withDatabase = <T>(work: (pool: Pool, eventStore: EventStore) => Promise<T>) => database.use(work);
  const projectionNamed = (name: string) => {
    const projection = options.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`no projection named ${name} in this worker`);
    return projection;
  };
  return {
    name: REBUILD_JOB,
    attempts: options.attempts ?? 5,
    backoffMs: options.backoffMs ?? 2000,
    concurrency,
    lockMs: 15_000,
    run: (ctx) => withDatabase((pool, eventStore) => rebuild(ctx, pool, eventStore)),
    onFailed: (ctx, error) =>
      withDatabase(async (pool) => {
        const record = await readRebuild(pool, ctx.data.id);
        await recordFailure(pool, ctx.data.id, error);
        options.log.error({ trabalho: ctx.id, err: error }, 'rebuild failed; retries ran out');
        if (record) await discardVersion(pool, projectionNamed(record.projecao), record.versao);
      }),
  };

  async function rebuild(ctx: JobContext<RebuildJobData>, pool: Pool, eventStore: EventStore): Promise<void> {
    const record = await readRebuild(pool, ctx.data.id);
    if (record?.estado !== 'reconstruindo') return;
    const projection = projectionNamed(record.projecao);
    const fields = { projecao: projection.name, versao: record.versao, trabalho: ctx.id };
    // 1. The version's tables and checkpoint (made once; a resumed rebuild finds them).
    const target = await prepareVersion(pool, projection, record.id);
    const resumedAt = (await readCheckpoint(pool, target.checkpointName))!.checkpoint;
    options.log.info({ ...fields, posicao: resumedAt.position }, 'rebuild running');
    // 2. Build it with the projector every live build runs, until it reaches the head; with the
    //    other rebuilds starting now, so that they share one read of the log.
    const meter = new RebuildMeter(Date.now());
    const build = startProjector({
      pool,
      eventStore,
      projections: [{ projection, target }],
      batchSize: options.batchSize,
      log: options.log,
      onBatch: (batch) => meter.applied(batch.events),
      startTogether: () => database.startTogether(),
    });
    try {
      await followToHead(ctx, pool, eventStore, target, meter, record.eventos, fields);
    } finally {
      // 3. Its own build stops (last batch committed) before the swap takes its place.
      await build.close();
    }
    // 4. The indexes left until the build was done (deferred-indexes.ts), before the swap: its
    //    build makes them when it reaches the head it read at its start; this makes any left
    //    when the build stopped at the live checkpoint before that.
    await createDeferredIndexes(pool, projection, target.schema);
    // 5. Swap in one transaction; the old version is dropped.
    const swapped = await swapVersion(pool, eventStore, projection, record.id, target);
    if (swapped)
      options.log.info(
        {
          ...fields,
          posicao: swapped.checkpoint.position,
          eventos: swapped.eventos,
          segundos: swapped.segundos,
        },
        'rebuild swapped in',
      );
  }

  async function followToHead(
    ctx: JobContext<RebuildJobData>,
    pool: Pool,
    eventStore: EventStore,
    target: ProjectionTarget,
    meter: RebuildMeter,
    earlier: number,
    fields: object,
  ): Promise<void> {
    const pause = new WakeSignal();
    const interrupt = () => pause.wake();
    ctx.signal.addEventListener('abort', interrupt, { once: true });
    try {
      let reported = 0;
      for (;;) {
        if (ctx.signal.aborted) throw new JobInterrupted();
        const head = await eventStore.readHead();
        const stored = (await readCheckpoint(pool, target.checkpointName))!;
        // At the head, or where the live build is (under a steady load both trail the head by
        // a batch): the swap applies whatever the live build has beyond it.
        const live = await readCheckpoint(pool, target.checkpointName.split('@')[0]!);
        if (compareCheckpoints(stored.checkpoint, head.checkpoint) >= 0) return;
        if (live && compareCheckpoints(stored.checkpoint, live.checkpoint) >= 0 && meter.total > 0) return;
        // A batch that keeps failing fails the job: it is retried with backoff, then `falhou`.
        const { rows } = await pool.query<{ erro: string | null }>(
          'SELECT erro FROM projection_checkpoints WHERE name = $1',
          [target.checkpointName],
        );
        if (rows[0]?.erro) throw new Error(rows[0].erro);
        const now = Date.now();
        if (now - reported >= (options.progressEveryMs ?? 1000)) {
          reported = now;
          const progress = {
            versao: Number((fields as { versao: number }).versao),
            posicao: stored.checkpoint.position,
            cabeca: head.checkpoint.position,
            eventos: earlier + meter.total,
            eventos_por_segundo: Math.round(meter.rate(now)),
            eta_segundos: roundOrNull(meter.eta(now, head.checkpoint.position - stored.checkpoint.position)),
          };
          await recordProgress(pool, ctx.data.id, progress);
          await ctx.progress(progress);
          options.log.info({ ...fields, ...progress }, 'rebuild progress');
        }
        await pause.wait(100);
      }
    } finally {
      ctx.signal.removeEventListener('abort', interrupt);
    }
  }
}

const roundOrNull = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
