import type { EventShape } from '@factory/event-store';
import type { Decider } from '../decider.js';

/** A decision that appends nothing: the record already is as the command asks. */
export type Unchanged<S> = { kind: 'unchanged'; state: S };

/**
 * Wraps a catalog decider for `handleCommand`, which appends at least one event:
 * - a decision with no events comes back as the refusal `unchanged`, carrying the state (a
 *   repeated DELETE answers the stored `excluido_em` from it);
 * - the state of the latest decision is kept, so the append's transaction can decide again
 *   on the same state with facts read behind the company's relations fence.
 */
export function observeDecider<S, C, E extends EventShape, Err>(inner: Decider<S, C, E, Err>) {
  let decidedOn: S | undefined;
  const decider: Decider<S, C, E, Err | Unchanged<S>> = {
    evolve: (state, event) => inner.evolve(state, event),
    initialState: () => inner.initialState(),
    decide(command, state) {
      decidedOn = state;
      const decision = inner.decide(command, state);
      if (decision.ok && decision.events.length === 0)
        return { ok: false, error: { kind: 'unchanged', state } };
      return decision;
    },
  };
  return {
    decider,
    decidedOn(): S {
      if (decidedOn === undefined) throw new Error('no decision taken yet');
      return decidedOn;
    },
  };
}

export const isUnchanged = <S>(error: unknown): error is Unchanged<S> =>
  (error as { kind?: unknown } | null)?.kind === 'unchanged';
