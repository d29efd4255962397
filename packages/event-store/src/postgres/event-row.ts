import type { RecordedEvent } from '../event-store.js';

/**
 * The columns every read selects. The transaction id comes as text (xid8 is 64-bit) under
 * another name than the column's: `ORDER BY tx_id` would otherwise sort by that text.
 */
export const EVENT_COLUMNS = `position, tx_id::text AS tx_text, stream_id, stream_revision,
  event_id::text AS event_id, type, data, metadata, created`;

export interface EventRow {
  position: number;
  tx_text: string;
  stream_id: string;
  stream_revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  created: Date;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    stream: row.stream_id,
    revision: row.stream_revision,
    position: row.position,
    checkpoint: { txId: row.tx_text, position: row.position },
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    created: row.created,
  };
}
