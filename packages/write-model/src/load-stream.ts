import type { EventShape, EventStore, StreamRevision } from '@factory/event-store';
import type { Decider, SnapshotStore } from './decider.js';

export interface LoadedStream<S> {
  state: S;
  /** The revision the state reflects: pass it as the append's expected revision. */
  revision: StreamRevision;
  /** The revision of the snapshot the state started from, -1 without one. */
  snapshotRevision: number;
}

/**
 * The stream's state from its latest snapshot plus the events after it, so deciding never
 * reads a busy item's whole history.
 */
export async function loadStream<S, E extends EventShape>(
  store: EventStore,
  snapshots: SnapshotStore<S>,
  decider: Pick<Decider<S, unknown, E, unknown>, 'evolve' | 'initialState'>,
  stream: string,
): Promise<LoadedStream<S>> {
  const snapshot = await snapshots.load(stream);
  const start: LoadedStream<S> = snapshot
    ? { state: snapshot.state, revision: snapshot.revision, snapshotRevision: snapshot.revision }
    : { state: decider.initialState(), revision: 'no_stream', snapshotRevision: -1 };
  return catchUp(store, decider, stream, start);
}

/** Folds the events appended after `loaded.revision` into its state (which it consumes). */
export async function catchUp<S, E extends EventShape>(
  store: EventStore,
  decider: Pick<Decider<S, unknown, E, unknown>, 'evolve'>,
  stream: string,
  loaded: LoadedStream<S>,
): Promise<LoadedStream<S>> {
  const fromRevision = loaded.revision === 'no_stream' ? 0 : loaded.revision + 1;
  const events = await store.readStream<E>(stream, { fromRevision });
  if (events.length === 0) return loaded;
  return {
    state: events.reduce<S>((state, event) => decider.evolve(state, event), loaded.state),
    revision: events[events.length - 1]!.revision,
    snapshotRevision: loaded.snapshotRevision,
  };
}
