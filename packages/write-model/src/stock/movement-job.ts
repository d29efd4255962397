import type { EstornarMovimento, RegistrarMovimento } from '@factory/domain';
import type { RowWrite } from '@factory/event-store';
import type { WriteContext } from '../write-context.js';
import type { RecordedMovement } from './movement-outcome.js';

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
  /** A row to commit with the movement (the idempotency key's answer), built from it as decided. */
  alsoWrite?: (movement: RecordedMovement) => RowWrite;
}
