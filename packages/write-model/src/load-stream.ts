import type { EventShape, EventStore, StreamRevision } from '@factory/event-store';
import type { Decider, SnapshotCodec } from './decider.js';

export interface LoadedStream<S> {
  state: S;
  /** The revision the state reflects: pass it as the append's expected revision. */
  revision: StreamRevision;
  /** The revision of the snapshot the state started from, -1 without one. */
  snapshotRevision: number;
}

/**
 * The stream's state from its latest snapshot plus the events after it (one read through the
 * port), so deciding never reads a busy item's whole history. A snapshot of a shape this code no
 * longer reads is ignored: the whole stream is folded instead.
 */
export async function loadStream<S, E extends EventShape>(
  store: EventStore,
  snapshots: SnapshotCodec<S> | undefined,
  decider: Pick<Decider<S, unknown, E, unknown>, 'evolve' | 'initialState'>,
  stream: string,
): Promise<LoadedStream<S>> {
  const [loaded] = await loadStreamsOf(store, snapshots, decider, [stream]);
  return loaded!;
}

/** loadStream for many streams of one decider with one read (a batch's records), in the order given. */
export async function loadStreamsOf<S, E extends EventShape>(
  store: EventStore,
  snapshots: SnapshotCodec<S> | undefined,
  decider: Pick<Decider<S, unknown, E, unknown>, 'evolve' | 'initialState'>,
  streams: readonly string[],
): Promise<LoadedStream<S>[]> {
  const read = await store.loadStreams(streams.map((stream) => ({ stream, snapshot: snapshots?.kind })));
  const decoded = read.map(({ snapshot }) =>
    snapshot && snapshots ? snapshots.decode(snapshot.data) : null,
  );
  const unreadable = read.filter(({ snapshot }, i) => snapshot && decoded[i] === null).map((r) => r.stream);
  const whole = new Map(
    unreadable.length === 0
      ? []
      : (await store.loadStreams(unreadable.map((stream) => ({ stream })))).map(
          (r) => [r.stream, r] as const,
        ),
  );
  return read.map((first, i) => {
    const state = decoded[i];
    const start: LoadedStream<S> =
      first.snapshot && state !== null && state !== undefined
        ? { state, revision: first.snapshot.revision, snapshotRevision: first.snapshot.revision }
        : { state: decider.initialState(), revision: 'no_stream', snapshotRevision: -1 };
    const data = whole.get(first.stream) ?? first;
    return foldInto(decider, start, data.events as unknown as Array<E & { revision: number }>);
  });
}

/** Folds the events appended after `loaded.revision` into its state (which it consumes). */
export async function catchUp<S, E extends EventShape>(
  store: EventStore,
  decider: Pick<Decider<S, unknown, E, unknown>, 'evolve'>,
  stream: string,
  loaded: LoadedStream<S>,
): Promise<LoadedStream<S>> {
  const fromRevision = loaded.revision === 'no_stream' ? 0 : loaded.revision + 1;
  return foldInto(decider, loaded, await store.readStream<E>(stream, { fromRevision }));
}

function foldInto<S, E extends EventShape>(
  decider: Pick<Decider<S, unknown, E, unknown>, 'evolve'>,
  loaded: LoadedStream<S>,
  events: ReadonlyArray<E & { revision: number }>,
): LoadedStream<S> {
  const last = events.at(-1);
  if (last === undefined) return loaded;
  return {
    state: events.reduce<S>((state, event) => decider.evolve(state, event), loaded.state),
    revision: last.revision,
    snapshotRevision: loaded.snapshotRevision,
  };
}
