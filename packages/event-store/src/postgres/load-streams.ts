import type { Pool } from '@factory/database';
import type { LoadedStreamData, RecordedEvent, StreamToLoad } from '../event-store.js';
import { SNAPSHOTS_TABLE } from './append-parts.js';
import type { EventRow } from './event-row.js';
import { toRecordedEvent } from './event-row.js';

// One round trip for a whole batch of streams: per stream, its snapshot of the kind asked and
// the events after it, as one JSON array in revision order. Named, so parsed once per connection;
// the snapshot is a lateral probe by key (why: the README, "Writing").
const LOAD = `SELECT q.stream, s.revision AS snapshot_revision, s.snapshot,
       (SELECT coalesce(json_agg(json_build_object(
                 'position', e.position, 'tx_text', e.tx_id::text, 'stream_id', e.stream_id,
                 'stream_revision', e.stream_revision, 'event_id', e.event_id, 'type', e.type,
                 'data', e.data, 'metadata', e.metadata, 'created', e.created)
               ORDER BY e.stream_revision), '[]')
          FROM events e
         WHERE e.stream_id = q.stream AND e.stream_revision > coalesce(s.revision, -1)) AS events
  FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q(stream, kind, n)
  LEFT JOIN LATERAL (SELECT revision, snapshot FROM ${SNAPSHOTS_TABLE}
                      WHERE kind = q.kind AND stream = q.stream LIMIT 1) AS s ON true
 ORDER BY q.n`;

/** The one query of loadStreams, named. */
export function loadStreamsStatement(streams: readonly StreamToLoad[]) {
  return {
    name: 'event-store-load-streams',
    text: LOAD,
    values: [streams.map((s) => s.stream), streams.map((s) => s.snapshot ?? null)],
  };
}

interface LoadRow {
  stream: string;
  snapshot_revision: number | null;
  snapshot: unknown;
  events: Array<Omit<EventRow, 'created'> & { created: string }>;
}

/** The port's loadStreams: snapshots and the events after them, for many streams in one query. */
export async function loadStreams(pool: Pool, streams: readonly StreamToLoad[]): Promise<LoadedStreamData[]> {
  if (streams.length === 0) return [];
  const { rows } = await pool.query<LoadRow>(loadStreamsStatement(streams));
  return rows.map((row) => ({
    stream: row.stream,
    snapshot:
      row.snapshot_revision === null ? null : { revision: Number(row.snapshot_revision), data: row.snapshot },
    events: row.events.map(
      (e): RecordedEvent =>
        toRecordedEvent({ ...e, position: Number(e.position), created: new Date(e.created) }),
    ),
  }));
}
