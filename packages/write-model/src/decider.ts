import type { EventShape } from '@factory/event-store';

/** A decision: the events to append, or a typed refusal. */
export type Decision<E, Err> = { ok: true; events: E[] } | { ok: false; error: Err };

/** A pure decider of one stream (emmett style): no I/O, no clock. */
export interface Decider<S, C, E extends EventShape, Err> {
  decide(command: C, state: S): Decision<E, Err>;
  evolve(state: S, event: E): S;
  initialState(): S;
}

/** Where a stream's decided state is kept between commands, with the revision it reflects. */
export interface SnapshotStore<S> {
  /** Null when there is none, or it is of a shape this code no longer reads. */
  load(stream: string): Promise<{ revision: number; state: S } | null>;
  /** Must never move a stored snapshot backwards. */
  save(stream: string, revision: number, state: S): Promise<void>;
}
