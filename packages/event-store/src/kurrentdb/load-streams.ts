import type { Pool } from '@factory/database';
import type { LoadedStreamData, StreamToLoad } from '../event-store.js';
import { SNAPSHOTS_TABLE } from '../postgres/append-parts.js';
import type { KurrentConnection } from './connection.js';
import { readStream } from './read-stream.js';

/**
 * The port's loadStreams on KurrentDB: the snapshots are rows in PostgreSQL (one query), the events after them come from the log, stream by stream.
 */
export async function loadStreams(
  connection: KurrentConnection,
  pool: Pool,
  streams: readonly StreamToLoad[],
): Promise<LoadedStreamData[]> {
  const snapshots = await readSnapshots(pool, streams);
  return Promise.all(
    streams.map(async ({ stream, snapshot: kind }) => {
      const snapshot = kind ? (snapshots.get(`${kind}\0${stream}`) ?? null) : null;
      const events = await readStream(connection, stream, { fromRevision: (snapshot?.revision ?? -1) + 1 });
      return { stream, snapshot, events };
    }),
  );
}

async function readSnapshots(pool: Pool, streams: readonly StreamToLoad[]) {
  const found = new Map<string, { revision: number; data: unknown }>();
  const wanted = streams.filter((s) => s.snapshot !== undefined);
  if (wanted.length === 0) return found;
  const { rows } = await pool.query<{ kind: string; stream: string; revision: number; snapshot: unknown }>(
    `SELECT s.kind, s.stream, s.revision, s.snapshot
       FROM unnest($1::text[], $2::text[]) AS q(kind, stream)
       JOIN ${SNAPSHOTS_TABLE} AS s ON s.kind = q.kind AND s.stream = q.stream`,
    [wanted.map((s) => s.snapshot), wanted.map((s) => s.stream)],
  );
  for (const row of rows)
    found.set(`${row.kind}\0${row.stream}`, { revision: Number(row.revision), data: row.snapshot });
  return found;
}
