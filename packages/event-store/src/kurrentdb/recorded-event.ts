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

export function storedMetadata(event: EventToAppend): EventMetadata {
  const metadata = { ...(event.metadata ?? {}) };
  if (event.created) metadata[CREATED_KEY] = event.created.toISOString();
  return metadata;
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

function parseMetadata(metadata: unknown): EventMetadata {
  if (metadata instanceof Uint8Array) return JSON.parse(Buffer.from(metadata).toString('utf8'));
  if (metadata && typeof metadata === 'object' && !Array.isArray(metadata)) return { ...metadata };
  return {};
}

// Log positions are byte offsets in the server's files: far below 2^53 in any real store.
function safeNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`KurrentDB value beyond 2^53: ${value}`);
  return n;
}
