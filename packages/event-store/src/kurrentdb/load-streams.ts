import type { Pool } from '@factory/database';
import type { LoadedStreamData, StreamToLoad } from '../event-store.js';
import { SNAPSHOT_TABLES } from '../postgres/write-side-rows.js';
import type { SnapshotKind } from '../write-side.js';
import type { KurrentConnection } from './connection.js';
import { readStream } from './read-stream.js';

/**
 * The port's loadStreams on KurrentDB: the snapshots are write-side rows, in PostgreSQL (one query
 * per kind), the events after them come from the log, stream by stream.
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
  for (const kind of Object.keys(SNAPSHOT_TABLES) as SnapshotKind[]) {
    const wanted = streams.filter((s) => s.snapshot === kind).map((s) => s.stream);
    if (wanted.length === 0) continue;
    const { rows } = await pool.query<{ stream: string; revision: number; snapshot: unknown }>(
      `SELECT stream, revision, snapshot FROM ${SNAPSHOT_TABLES[kind]} WHERE stream = ANY($1::text[])`,
      [wanted],
    );
    for (const row of rows)
      found.set(`${kind}\0${row.stream}`, { revision: Number(row.revision), data: row.snapshot });
  }
  return found;
}
