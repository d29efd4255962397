import type { Settled } from '@factory/batching';
import { ContentionDeadlineError } from '@factory/database';
import type { AppendRequest, WriteGuard } from '@factory/event-store';
import { inactiveLocationsQuery, locationKey } from '@factory/tenants';
import { type CommandWrite, handleCommand } from '../handle-command.js';
import { isUuid } from '../uuid.js';
import { type LoadedStocks, loadStockStreams } from './load-stock-streams.js';
import { type MovementJob, stepsOf } from './movement-job.js';
import { type MovementOutcome, refused } from './movement-outcome.js';
import { type BatchPlan, type JobPlan, planMovementBatch } from './plan-movement-batch.js';
import { readRecordedMovement } from './read-recorded-movement.js';
import type { StockDeps } from './stock-deps.js';

const KEY_REUSED = { kind: 'key_reused', mensagem: 'Idempotency-Key já usada em outra escrita.' } as const;
const KEY_IN_USE = { kind: 'key_in_use', mensagem: 'Idempotency-Key em uso por outra requisição.' } as const;

/**
 * The group commit's flush: the movement commands of concurrent requests, decided together and
 * appended in one append by the command handler (movementBatch). A failure that is not a
 * conflict runs each command alone, so that it fails only its own; still losing races at the
 * contention deadline fails them all (each alone would wait as long again).
 */
export async function commitMovements(
  deps: StockDeps,
  jobs: readonly MovementJob[],
): Promise<Settled<MovementOutcome>[]> {
  try {
    return await handleCommand(deps.store, movementBatch(deps, jobs), deps.contention);
  } catch (error) {
    // Past the contention deadline already: one by one, each would wait as long again.
    if (jobs.length === 1 || error instanceof ContentionDeadlineError)
      return jobs.map(() => ({ ok: false, error }));
    const settled: Settled<MovementOutcome>[] = [];
    for (const job of jobs) settled.push(...(await commitMovements(deps, [job])));
    return settled;
  }
}

/**
 * Movement commands as one write of the command handler: the items' decided states (from memory
 * on the first attempt, else from the log), the decider deciding them in order, and one append of
 * every event with its index row, the callers' rows and the due snapshots, checking that the
 * locations are still active. Another writer got to a stream first (a revision moved, a twin's
 * ids already there) or a location was deactivated: decide again from the log. A job whose ids
 * are in another item's stream named another write with its key: refused, the rest go again.
 */
export function movementBatch(
  deps: StockDeps,
  all: readonly MovementJob[],
): CommandWrite<Settled<MovementOutcome>[]> {
  const outcomes = new Map<MovementJob, Promise<MovementOutcome> | MovementOutcome>();
  let jobs = all;
  // Memory first; after anything went wrong, the log only.
  let trustMemory = true;
  const answer = () =>
    Promise.all(
      all.map(async (job): Promise<Settled<MovementOutcome>> => {
        try {
          return { ok: true, value: await outcomes.get(job)! };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
  return {
    async decide() {
      for (;;) {
        if (jobs.length === 0) return { answer: await answer() };
        const inputs = await gatherInputs(deps, jobs, trustMemory);
        const plan = planMovementBatch(jobs, inputs, deps.snapshotEvery);
        // Memory may be behind the log: only an append (whose expected revision checks it) may
        // rest on it. A refusal or a replay decided from memory is decided again from the log.
        if (
          plan.jobs.some(
            (p, i) =>
              p.kind !== 'append' && stepsOf(jobs[i]!).some((s) => inputs.fromMemory.has(s.stream ?? '')),
          )
        ) {
          trustMemory = false;
          continue;
        }
        const decided = jobs;
        const settleDecided = () =>
          decided.forEach((job, i) => {
            const planned = plan.jobs[i]!;
            if (planned.kind !== 'append') outcomes.set(job, settleWithoutAppend(deps, job, planned));
          });
        const keep = () => {
          for (const [stream, end] of plan.ends) deps.cache.put(stream, end);
        };
        if (plan.appends.length === 0) {
          keep();
          settleDecided();
          return { answer: await answer() };
        }
        const append = appendRequest(decided, plan);
        return {
          request: append.request,
          async written(outcome) {
            keep();
            settleDecided();
            const positions = new Map(outcome.events.map((event) => [event.id, event.position]));
            decided.forEach((job, i) => {
              const planned = plan.jobs[i]!;
              if (planned.kind === 'append')
                outcomes.set(job, {
                  ok: true,
                  movimento: planned.movement,
                  // The last event the job appended: a client reading its own write waits for it.
                  position: Math.max(...planned.eventIds.map((id) => positions.get(id)!)),
                  replayed: false,
                  ...(job.more ? { movimentos: planned.movements } : {}),
                  ...(planned.companion ? { evento: planned.companion } : {}),
                });
            });
            return answer();
          },
          refused(outcome) {
            trustMemory = false;
            if (append.locationsCheck !== null)
              for (const location of outcome.failedChecks[append.locationsCheck] ?? [])
                deps.locations.forget(location);
            // Ids already in another item's stream: those keys named another write.
            const elsewhere = new Set(
              outcome.existing.filter((e) => e.stream !== plan.streamOf.get(e.id)).map((e) => e.id),
            );
            // Rows another writer holds now: those jobs' callers settle it their own way.
            const held = new Set(append.uniqueChecks.flatMap((check) => outcome.failedChecks[check] ?? []));
            jobs = decided.filter((job, i) => {
              const planned = plan.jobs[i]!;
              if (planned.kind !== 'append') return true;
              if (job.answer?.unique !== undefined && held.has(job.answer.unique.id)) {
                outcomes.set(job, refused(KEY_IN_USE));
                return false;
              }
              if (!planned.eventIds.some((id) => elsewhere.has(id))) return true;
              outcomes.set(job, refused(KEY_REUSED));
              return false;
            });
            return elsewhere.size === 0 && held.size === 0 ? 'retry' : 'retry_now';
          },
        };
      }
    },
  };
}

interface BatchInputs extends LoadedStocks {
  /** The streams whose state came from memory, not from the database. */
  fromMemory: Set<string>;
}

/**
 * The states and location checks a batch decides on. States are taken out of the cache (deciding
 * mutates them): they go back only once a commit, or deciding nothing, confirmed them.
 */
async function gatherInputs(deps: StockDeps, jobs: readonly MovementJob[], trustMemory: boolean) {
  const steps = jobs.flatMap((job) => stepsOf(job).map((step) => ({ job, step })));
  const streams = [...new Set(steps.flatMap(({ step }) => (step.stream === null ? [] : [step.stream])))];
  const remembered = new Map(
    streams.flatMap((stream) => {
      const cached = trustMemory ? deps.cache.take(stream) : undefined;
      return cached === undefined ? [] : [[stream, cached] as const];
    }),
  );
  // A location id that is no uuid is never loaded, hence never active.
  const locations = steps.flatMap(({ job, step: { localId } }) =>
    localId !== null && isUuid(localId) ? [{ empresaId: job.context.empresaId, localId }] : [],
  );
  const unknown = locations.filter(
    (l) => !(trustMemory && deps.locations.has(locationKey(l.empresaId, l.localId))),
  );
  const missing = streams.filter((stream) => !remembered.has(stream));
  const loaded =
    missing.length > 0 || unknown.length > 0
      ? await loadStockStreams(deps, { streams: missing, locations: unknown })
      : { streams: new Map(), activeLocations: new Set<string>() };
  for (const key of loaded.activeLocations) deps.locations.add(key);
  const activeLocations = new Set(loaded.activeLocations);
  for (const l of locations) {
    const key = locationKey(l.empresaId, l.localId);
    if (trustMemory && deps.locations.has(key)) activeLocations.add(key);
  }
  return {
    streams: new Map([...remembered, ...loaded.streams]),
    activeLocations,
    fromMemory: new Set(remembered.keys()),
  } satisfies BatchInputs;
}

/**
 * The plan's one append, with its rows, the locations' check and one check per guard of rows
 * that must be the first to hold their key (DecidedRow.unique), and where each check is in it.
 */
function appendRequest(
  jobs: readonly MovementJob[],
  plan: BatchPlan,
): { request: AppendRequest; locationsCheck: number | null; uniqueChecks: number[] } {
  const appending = jobs.filter((_, i) => plan.jobs[i]!.kind === 'append');
  const locations = appending.flatMap((job) =>
    stepsOf(job).flatMap(({ localId }) =>
      localId === null ? [] : [{ empresaId: job.context.empresaId, localId }],
    ),
  );
  const checks: WriteGuard[] = locations.length > 0 ? [inactiveLocationsQuery(locations)] : [];
  const locationsCheck = locations.length > 0 ? 0 : null;
  const uniqueIds = new Map<(ids: readonly string[]) => WriteGuard, string[]>();
  for (const job of appending) {
    const unique = job.answer?.unique;
    if (unique === undefined) continue;
    uniqueIds.set(unique.guard, [...(uniqueIds.get(unique.guard) ?? []), unique.id]);
  }
  const uniqueChecks: number[] = [];
  for (const [guard, ids] of uniqueIds) {
    uniqueChecks.push(checks.length);
    checks.push(guard(ids));
  }
  return {
    request: { streams: plan.appends, rows: plan.rows, snapshots: plan.snapshots, checks },
    locationsCheck,
    uniqueChecks,
  };
}

function settleWithoutAppend(
  deps: StockDeps,
  job: MovementJob,
  planned: Exclude<JobPlan, { kind: 'append' }>,
): Promise<MovementOutcome> | MovementOutcome {
  if (planned.kind === 'refused') return refused(planned.error);
  return readRecordedMovement(deps, job.context.empresaId, planned.movimentoId);
}
