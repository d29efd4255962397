import { type StockState, stockDecider, toSnapshot } from '@factory/domain';
import type { EventToAppend, RowWrite, StreamAppend } from '@factory/event-store';
import type { LoadedStream } from '../load-stream.js';
import { metadataOf } from '../write-context.js';
import type { WriteRefusal } from '../write-refusal.js';
import { locationKey } from './known-locations.js';
import type { LoadedStocks } from './load-stock-streams.js';
import { movementIndexRow } from './movement-index.js';
import type { MovementJob } from './movement-job.js';
import type { RecordedMovement } from './movement-outcome.js';
import { snapshotRow } from './stock-snapshots.js';

/** What deciding gave one job. */
export type JobPlan =
  | { kind: 'append'; eventId: string; movement: RecordedMovement }
  | { kind: 'refused'; error: WriteRefusal }
  /** Its movement is in the stream already: an earlier attempt of the same command committed. */
  | { kind: 'already_applied'; movimentoId: string };

export interface BatchPlan {
  jobs: JobPlan[];
  /** Every stream's decided events, at the revision it was loaded at. */
  appends: StreamAppend[];
  /** Rows that commit with the events: the index entries, the callers' rows, due snapshots. */
  writes: RowWrite[];
  /** Every loaded stream's state once the appends commit. */
  ends: Map<string, LoadedStream<StockState>>;
}

const LOCATION_REFUSAL: WriteRefusal = {
  kind: 'validation',
  campo: 'local_id',
  mensagem: 'local_id deve ser um local ativo da empresa',
};

/**
 * Decides a batch of movement commands in order against the loaded streams, as if they ran one
 * after the other: a command sees the state its predecessors on the same item left. No I/O.
 */
export function planMovementBatch(
  jobs: readonly MovementJob[],
  loaded: LoadedStocks,
  snapshotEvery: number,
): BatchPlan {
  const states = new Map<string, LoadedStream<StockState>>();
  const pending = new Map<string, { empresaId: string; events: EventToAppend[] }>();
  const writes: RowWrite[] = [];
  const plans = jobs.map((job): JobPlan => {
    const { context, command } = job;
    if (job.localId !== null && !loaded.activeLocations.has(locationKey(context.empresaId, job.localId)))
      return { kind: 'refused', error: LOCATION_REFUSAL };
    const current = job.stream === null ? null : (states.get(job.stream) ?? loaded.streams.get(job.stream)!);
    const state = current?.state ?? stockDecider.initialState();
    const movimentoId = command.data.movimento_id;
    if (state.movements.has(movimentoId)) return { kind: 'already_applied', movimentoId };
    const decision = stockDecider.decide(command, state);
    if (!decision.ok) return { kind: 'refused', error: decision.error };
    // A movement command decides one event; the stream exists, or the item would be refused.
    const [event] = decision.events;
    if (event === undefined || current === null || job.stream === null || decision.events.length !== 1)
      throw new Error(`a movement command decided ${decision.events.length} events`);
    const eventId = job.eventId(0);
    const revision = current.revision === 'no_stream' ? 0 : current.revision + 1;
    states.set(job.stream, { ...current, state: stockDecider.evolve(state, event), revision });
    const stream = pending.get(job.stream) ?? { empresaId: context.empresaId, events: [] };
    stream.events.push({
      id: eventId,
      type: event.type,
      data: event.data,
      metadata: metadataOf(context),
      created: context.now,
    });
    pending.set(job.stream, stream);
    writes.push(
      movementIndexRow({
        movimentoId: eventId,
        empresaId: context.empresaId,
        insumoId: command.data.insumo_id,
      }),
    );
    if (job.alsoWrite) writes.push(job.alsoWrite(event.data));
    return { kind: 'append', eventId, movement: event.data };
  });
  const appends: StreamAppend[] = [];
  for (const [stream, { empresaId, events }] of pending) {
    const start = loaded.streams.get(stream)!;
    const end = states.get(stream)!;
    appends.push({ stream, events, expectedRevision: start.revision });
    const revision = end.revision as number;
    if (revision - start.snapshotRevision >= snapshotEvery) {
      writes.push(snapshotRow({ stream, empresaId, revision, snapshot: toSnapshot(end.state) }));
      states.set(stream, { ...end, snapshotRevision: revision });
    }
  }
  const ends = new Map([...loaded.streams, ...states]);
  return { jobs: plans, appends, writes, ends };
}
