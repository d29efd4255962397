import type {
  AllStreamRecordedEvent,
  RecordedEvent as KurrentRecordedEvent,
  Position,
} from '@kurrent/kurrentdb-client';
import type { LogCheckpoint } from '../checkpoint.js';
import type { EventMetadata, EventToAppend, RecordedEvent } from '../event-store.js';

// The server stamps its own time on every event; the caller's time of the fact travels in the
// metadata under this key and is taken back out on read.
const CREATED_KEY = 'factory.created';

// The multi-stream append takes metadata as string properties only: ours travels whole, as
// JSON, under this one property, and is unpacked on read.
const PACKED_KEY = 'factory.metadata';

export function storedMetadata(event: EventToAppend): EventMetadata {
  const metadata = { ...(event.metadata ?? {}) };
  if (event.created) metadata[CREATED_KEY] = event.created.toISOString();
  return metadata;
}

/** `storedMetadata` as the string properties `multiStreamAppend` accepts. */
export function storedProperties(event: EventToAppend): Record<string, string> {
  return { [PACKED_KEY]: JSON.stringify(storedMetadata(event)) };
}

/** $all is ordered by (commit, prepare): the same pair, in the same order, as the port's checkpoint. */
export function toCheckpoint(position: Position): LogCheckpoint {
  return { txId: position.commit.toString(), position: safeNumber(position.prepare) };
}

export function toPosition(checkpoint: LogCheckpoint): Position {
  return { commit: BigInt(checkpoint.txId), prepare: BigInt(checkpoint.position) };
}

export function toRecordedEvent(event: KurrentRecordedEvent | AllStreamRecordedEvent): RecordedEvent {
  if (!event.position) throw new Error('KurrentDB server older than 22.6: events carry no position');
  const { [CREATED_KEY]: created, ...metadata } = parseMetadata(event.metadata);
  const checkpoint = toCheckpoint(event.position);
  return {
    id: event.id,
    stream: event.streamId,
    revision: safeNumber(event.revision),
    position: checkpoint.position,
    checkpoint,
    type: event.type,
    data: event.data,
    metadata,
    created: typeof created === 'string' ? new Date(created) : event.created,
  };
}

export function parseMetadata(metadata: unknown): EventMetadata {
  const parsed: Record<string, unknown> =
    metadata instanceof Uint8Array
      ? JSON.parse(Buffer.from(metadata).toString('utf8'))
      : metadata && typeof metadata === 'object' && !Array.isArray(metadata)
        ? { ...metadata }
        : {};
  const packed = parsed[PACKED_KEY];
  // Written by a multi-stream append: ours is the packed property; the server's own ($-keys)
  // are not ours.
  return typeof packed === 'string' ? JSON.parse(packed) : parsed;
}

// Log positions are byte offsets in the server's files: far below 2^53 in any real store.
function safeNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`KurrentDB value beyond 2^53: ${value}`);
  return n;
}
