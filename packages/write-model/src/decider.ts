import type { EventShape } from '@factory/event-store';

/** A decision: the events to append, or a typed refusal. */
export type Decision<E, Err> = { ok: true; events: E[] } | { ok: false; error: Err };

/** A pure decider of one stream (emmett style): no I/O, no clock. */
export interface Decider<S, C, E extends EventShape, Err> {
  decide(command: C, state: S): Decision<E, Err>;
  evolve(state: S, event: E): S;
  initialState(): S;
}

/**
 * How a decider's state is kept as a snapshot through the event store (`loadStreams` reads it,
 * an append's snapshot row writes it): its kind, and its JSON form.
 */
export interface SnapshotCodec<S> {
  /** The snapshots' kind in the store (`stock`, `catalog`): one stream may have one of each. */
  kind: string;
  encode(state: S): unknown;
  /** Null for a shape this code no longer reads: the stream is then folded whole. */
  decode(data: unknown): S | null;
}
