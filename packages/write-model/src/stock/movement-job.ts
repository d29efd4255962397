import type { EstornarMovimento, RegistrarMovimento } from '@factory/domain';
import type { EventShape, ExpectedRevision } from '@factory/event-store';
import type { DecidedRow } from '../decided-row.js';
import type { WriteContext } from '../write-context.js';
import type { RecordedMovement } from './movement-outcome.js';

/** One movement command of a job: on its item's stream, at a location that must be active. */
export interface MovementStep {
  command: RegistrarMovimento | EstornarMovimento;
  /** Null when the item id names no stream (the decider then refuses the item). */
  stream: string | null;
  localId: string | null;
}

/**
 * An event of another stream that commits with a job's movements (a production record's own
 * event), built from them as decided, in the same statement: all or nothing.
 */
export interface CompanionEvent {
  stream: string;
  expectedRevision: ExpectedRevision;
  eventId: string;
  build(movements: readonly RecordedMovement[]): EventShape;
  /**
   * A row to commit with it (the idempotency key's answer), completed with what `subject` makes
   * of the event as decided (a production record's write gives both).
   */
  answer?: { row: DecidedRow<unknown>; subject(event: EventShape): unknown };
}

/** One movement command, ready to be decided with others in one group commit. */
export interface MovementJob {
  context: WriteContext;
  command: RegistrarMovimento | EstornarMovimento;
  /** The item's stream; null when the item id names none (the decider then refuses the item). */
  stream: string | null;
  /** Id of the command's i-th event; derived from the idempotency key when there is one. */
  eventId: (index: number) => string;
  /** A registration's location, which must be an active one of the company (not the domain's rule). */
  localId: string | null;
  /** A row to commit with the movement (the idempotency key's answer), completed with it as decided. */
  answer?: DecidedRow<RecordedMovement>;
  /**
   * Further movements of the same write (a production record's), decided after `command` in
   * order; the first refusal refuses the whole job and none of them is appended.
   */
  more?: readonly MovementStep[];
  companion?: CompanionEvent;
}

/** Every movement step of a job, its own command first. */
export const stepsOf = (job: MovementJob): MovementStep[] => [
  { command: job.command, stream: job.stream, localId: job.localId },
  ...(job.more ?? []),
];
