import type { Pool, PoolClient } from '@factory/database';
import type { EventShape } from '@factory/event-store';

/**
 * The store found these event ids already in the stream and wrote nothing: an earlier attempt
 * of the same request (same token and Idempotency-Key) appended them.
 */
export class RecordedEarlier extends Error {
  constructor(readonly eventIds: string[]) {
    super('these events were appended by an earlier attempt');
  }
}

/**
 * With ids derived from a key, the append may have answered with an earlier attempt's result
 * instead of writing. The index rows must then not be written again: tell by the transaction
 * that holds the first event.
 */
export async function ownAppend(client: PoolClient, events: readonly { id: string }[]): Promise<void> {
  const { rows } = await client.query<{ ours: boolean }>(
    'SELECT tx_id = pg_current_xact_id() AS ours FROM events WHERE event_id = $1',
    [events[0]!.id],
  );
  if (rows[0]?.ours !== true) throw new RecordedEarlier(events.map((event) => event.id));
}

/** The earlier attempt's events and position, when `error` says there was one; else null. */
export async function readRecorded<E extends EventShape>(
  pool: Pool,
  stream: string,
  error: unknown,
): Promise<{ events: E[]; position: number } | null> {
  if (!(error instanceof RecordedEarlier)) return null;
  const { rows } = await pool.query<{ type: string; data: unknown; position: number }>(
    `SELECT type, data, position FROM events
      WHERE stream_id = $1 AND event_id = ANY($2::uuid[]) ORDER BY stream_revision`,
    [stream, error.eventIds],
  );
  if (rows.length === 0) throw new Error(`events of an earlier attempt not found in ${stream}`);
  return { events: rows.map(({ type, data }) => ({ type, data }) as E), position: rows.at(-1)!.position };
}
