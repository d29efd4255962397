import { type Movimento, presentMovimento } from '@factory/api';
import type { RecordedMovement } from '@factory/write-model';

/** The recorded movement as the API shows it (the shared Movimento resource). */
export const toMovimento = (movement: RecordedMovement): Movimento =>
  presentMovimento({ ...movement, id: movement.movimento_id });
