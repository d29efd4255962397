import { type StockState, stockDecider, toSnapshot } from '@factory/domain';
import type {
  EventShape,
  EventToAppend,
  ProjectedRow,
  SnapshotWrite,
  StreamAppend,
} from '@factory/event-store';
import { locationKey } from '@factory/tenants';
import { completeRow } from '../decided-row.js';
import type { LoadedStream } from '../load-stream.js';
import { metadataOf } from '../write-context.js';
import type { WriteRefusal } from '../write-refusal.js';
import type { LoadedStocks } from './load-stock-streams.js';
import { movementIndexRow } from './movement-index.js';
import { type MovementJob, stepsOf } from './movement-job.js';
import type { RecordedMovement } from './movement-outcome.js';
import { snapshotRow } from './stock-snapshots.js';

/** What deciding gave one job. */
export type JobPlan =
  | {
      kind: 'append';
      /** The job's own movement's event id (its first). */
      eventId: string;
      movement: RecordedMovement;
      /** Every event id the job appends, movements and companion. */
      eventIds: string[];
      movements: RecordedMovement[];
      companion: EventShape | null;
    }
  | { kind: 'refused'; error: WriteRefusal }
  /** Its movement is in the stream already: an earlier attempt of the same command committed. */
  | { kind: 'already_applied'; movimentoId: string };

export interface BatchPlan {
  jobs: JobPlan[];
  /** Every stream's decided events, at the revision it was loaded at (companions' included). */
  appends: StreamAppend[];
  /** Rows that go with the events: the index entries, the callers' rows. */
  rows: ProjectedRow[];
  /** The due snapshots. */
  snapshots: SnapshotWrite[];
  /** Every loaded stream's state once the appends commit. */
  ends: Map<string, LoadedStream<StockState>>;
  /** The stream each appended event id goes to. */
  streamOf: Map<string, string>;
}

const LOCATION_REFUSAL: WriteRefusal = {
  kind: 'validation',
  campo: 'local_id',
  mensagem: 'local_id deve ser um local ativo da empresa',
};

/**
 * Decides a batch of movement commands in order against the loaded streams, as if they ran one
 * after the other: a command sees the state its predecessors on the same item left. A job with
 * several movements (a production record) is all or nothing: its first refusal refuses it and
 * leaves the states as they were before it. No I/O.
 */
export function planMovementBatch(
  jobs: readonly MovementJob[],
  loaded: LoadedStocks,
  snapshotEvery: number,
): BatchPlan {
  const states = new Map<string, LoadedStream<StockState>>();
  const pending = new Map<string, { empresaId: string; events: EventToAppend[] }>();
  const companions: StreamAppend[] = [];
  const writes: ProjectedRow[] = [];
  const snapshots: SnapshotWrite[] = [];
  const streamOf = new Map<string, string>();
  const plans = jobs.map((job): JobPlan => {
    const { context } = job;
    // The job's decisions, kept apart until all of them are accepted.
    const staged = new Map<string, LoadedStream<StockState>>();
    const events: Array<{ stream: string; event: EventToAppend }> = [];
    const rows: ProjectedRow[] = [];
    const movements: RecordedMovement[] = [];
    for (const [i, step] of stepsOf(job).entries()) {
      const { command } = step;
      if (step.localId !== null && !loaded.activeLocations.has(locationKey(context.empresaId, step.localId)))
        return { kind: 'refused', error: LOCATION_REFUSAL };
      const current =
        step.stream === null
          ? null
          : (staged.get(step.stream) ?? states.get(step.stream) ?? loaded.streams.get(step.stream)!);
      const state = current?.state ?? stockDecider.initialState();
      const movimentoId = command.data.movimento_id;
      if (state.movements.has(movimentoId)) {
        if (i === 0) return { kind: 'already_applied', movimentoId };
        return { kind: 'refused', error: { kind: 'conflict', mensagem: 'movimento já registrado' } };
      }
      const decision = stockDecider.decide(command, state);
      if (!decision.ok) return { kind: 'refused', error: decision.error };
      // A movement command decides one event; the stream exists, or the item would be refused.
      const [event] = decision.events;
      if (event === undefined || current === null || step.stream === null || decision.events.length !== 1)
        throw new Error(`a movement command decided ${decision.events.length} events`);
      const revision = current.revision === 'no_stream' ? 0 : current.revision + 1;
      staged.set(step.stream, { ...current, state: stockDecider.evolve(state, event), revision });
      const eventId = i === 0 ? job.eventId(0) : movimentoId;
      events.push({
        stream: step.stream,
        event: {
          id: eventId,
          type: event.type,
          data: event.data,
          metadata: metadataOf(context),
          created: context.now,
        },
      });
      rows.push(
        movementIndexRow({
          movimentoId: eventId,
          empresaId: context.empresaId,
          insumoId: command.data.insumo_id,
        }),
      );
      movements.push(event.data);
    }
    // Accepted: the job's decisions join the batch's.
    for (const [stream, end] of staged) states.set(stream, end);
    for (const { stream, event } of events) {
      const entry = pending.get(stream) ?? { empresaId: context.empresaId, events: [] };
      entry.events.push(event);
      pending.set(stream, entry);
      streamOf.set(event.id, stream);
    }
    writes.push(...rows);
    if (job.answer) writes.push(completeRow(job.answer, movements[0]!.movimento_id, movements[0]!));
    let companion: EventShape | null = null;
    if (job.companion) {
      const { stream, expectedRevision, eventId, build, answer } = job.companion;
      companion = build(movements);
      companions.push({
        stream,
        expectedRevision,
        events: [{ id: eventId, ...companion, metadata: metadataOf(context), created: context.now }],
      });
      streamOf.set(eventId, stream);
      if (answer) writes.push(completeRow(answer.row, eventId, answer.subject(companion)));
    }
    const eventIds = [...events.map((e) => e.event.id), ...(job.companion ? [job.companion.eventId] : [])];
    return { kind: 'append', eventId: eventIds[0]!, movement: movements[0]!, eventIds, movements, companion };
  });
  const appends: StreamAppend[] = [];
  for (const [stream, { events }] of pending) {
    const start = loaded.streams.get(stream)!;
    const end = states.get(stream)!;
    appends.push({ stream, events, expectedRevision: start.revision });
    const revision = end.revision as number;
    if (revision - start.snapshotRevision >= snapshotEvery) {
      const eventId = events.at(-1)!.id;
      snapshots.push(snapshotRow({ eventId, stream, revision, snapshot: toSnapshot(end.state) }));
      states.set(stream, { ...end, snapshotRevision: revision });
    }
  }
  const ends = new Map([...loaded.streams, ...states]);
  return { jobs: plans, appends: [...appends, ...companions], rows: writes, snapshots, ends, streamOf };
}
