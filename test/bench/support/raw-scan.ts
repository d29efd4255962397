import type { Pool } from '@factory/database';

/**
 * The baseline of the projector and rebuild benchmarks: every event of the log read in log
 * order through a cursor, with the columns a projection reads, doing nothing with them.
 * Resolves to the number of events read.
 */
export async function rawScan(pool: Pool): Promise<number> {
  const client = await pool.connect();
  let count = 0;
  try {
    await client.query('BEGIN');
    await client.query(
      `DECLARE log NO SCROLL CURSOR FOR
         SELECT position, tx_id::text AS tx_text, stream_id, stream_revision, event_id::text AS event_id,
                type, data, metadata, created FROM events ORDER BY events.tx_id, events.position`,
    );
    for (let rows = 1000; rows === 1000; count += rows)
      rows = (await client.query('FETCH 1000 FROM log')).rows.length;
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return count;
}
