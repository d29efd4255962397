import type { Settled } from '@factory/database';
import { appendStreams, mergeRowWrites } from '@factory/event-store';
import { backoff } from '../backoff.js';
import { isUuid } from '../uuid.js';
import { loadStockStreams } from './load-stock-streams.js';
import type { MovementJob } from './movement-job.js';
import { type MovementOutcome, refused } from './movement-outcome.js';
import { type JobPlan, planMovementBatch } from './plan-movement-batch.js';
import { readRecordedMovement } from './read-recorded-movement.js';
import type { StockDeps } from './stock-deps.js';

const KEY_REUSED = { kind: 'key_reused', mensagem: 'Idempotency-Key já usada em outra escrita.' } as const;

/**
 * Runs movement commands together: one query loads every item they touch, the decider decides
 * them in order, and one statement appends every event with its index row, the callers' rows and
 * the due snapshots (one commit). Another writer got to a stream first (a revision moved, a
 * unique race lost, a twin's ids already there): wait a jittered moment, load again and decide
 * again, a bounded number of times, so writers to one item queue and never fail each other.
 * A failure that is not a conflict runs each command alone, so that it fails only its own.
 */
export async function runMovementBatch(
  deps: StockDeps,
  jobs: readonly MovementJob[],
): Promise<Settled<MovementOutcome>[]> {
  try {
    return await decideAndAppend(deps, jobs);
  } catch (error) {
    if (jobs.length === 1) return [{ ok: false, error }];
    const settled: Settled<MovementOutcome>[] = [];
    for (const job of jobs) settled.push(...(await runMovementBatch(deps, [job])));
    return settled;
  }
}

async function decideAndAppend(
  deps: StockDeps,
  all: readonly MovementJob[],
): Promise<Settled<MovementOutcome>[]> {
  const outcomes = new Map<MovementJob, Promise<MovementOutcome> | MovementOutcome>();
  let jobs = all;
  for (let attempt = 1; jobs.length > 0; attempt++) {
    const streams = [...new Set(jobs.flatMap((j) => (j.stream === null ? [] : [j.stream])))];
    // Taken out of the cache: put back only what a commit (or deciding nothing) confirmed.
    const known = new Map(
      streams.flatMap((s) => {
        const cached = deps.cache.take(s);
        return cached === undefined ? [] : [[s, cached] as const];
      }),
    );
    const loaded = await loadStockStreams(deps, {
      streams,
      known,
      // A location id that is no uuid is never loaded, hence never active.
      locations: jobs.flatMap(({ localId, context }) =>
        localId !== null && isUuid(localId) ? [{ empresaId: context.empresaId, localId }] : [],
      ),
    });
    const plan = planMovementBatch(jobs, loaded, deps.snapshotEvery);
    const appending = jobs.filter((_, i) => plan.jobs[i]!.kind === 'append');
    const settleDecided = () =>
      jobs.forEach((job, i) => {
        const planned = plan.jobs[i]!;
        if (planned.kind !== 'append') outcomes.set(job, settleWithoutAppend(deps, job, planned));
      });
    const keep = () => {
      for (const [stream, end] of plan.ends) deps.cache.put(stream, end);
    };
    if (appending.length === 0) {
      keep();
      settleDecided();
      break;
    }
    let outcome: Awaited<ReturnType<typeof appendStreams>>;
    try {
      outcome = await appendStreams(deps.pool, plan.appends, mergeRowWrites(plan.writes));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= deps.maxAttempts) throw error;
      await backoff(attempt);
      continue;
    }
    if (outcome.written) {
      keep();
      settleDecided();
      const positions = new Map(outcome.rows.map((row) => [row.id, row.position]));
      jobs.forEach((job, i) => {
        const planned = plan.jobs[i]!;
        if (planned.kind === 'append')
          outcomes.set(job, {
            ok: true,
            movimento: planned.movement,
            position: positions.get(planned.eventId)!,
            replayed: false,
          });
      });
      break;
    }
    // Ids already in another item's stream: those keys named another write. The rest go again.
    const elsewhere = new Set(
      outcome.existing.filter((e) => e.stream !== streamOfEvent(jobs, plan.jobs, e.id)).map((e) => e.id),
    );
    jobs = jobs.filter((job, i) => {
      const planned = plan.jobs[i]!;
      if (planned.kind !== 'append' || !elsewhere.has(planned.eventId)) return true;
      outcomes.set(job, refused(KEY_REUSED));
      return false;
    });
    if (elsewhere.size === 0) {
      if (attempt >= deps.maxAttempts)
        throw new Error(`movement batch: still conflicting after ${attempt} attempts`);
      await backoff(attempt);
    }
  }
  return Promise.all(
    all.map(async (job): Promise<Settled<MovementOutcome>> => {
      try {
        return { ok: true, value: await outcomes.get(job)! };
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );
}

function settleWithoutAppend(
  deps: StockDeps,
  job: MovementJob,
  planned: Exclude<JobPlan, { kind: 'append' }>,
): Promise<MovementOutcome> | MovementOutcome {
  if (planned.kind === 'refused') return refused(planned.error);
  return readRecordedMovement(deps, job.context.empresaId, planned.movimentoId);
}

function streamOfEvent(jobs: readonly MovementJob[], plans: readonly JobPlan[], eventId: string) {
  const i = plans.findIndex((p) => p.kind === 'append' && p.eventId === eventId);
  return i < 0 ? null : jobs[i]!.stream;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
