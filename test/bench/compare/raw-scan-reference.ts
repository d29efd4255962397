import pg from 'pg';
import { rawScan } from '../support/raw-scan.js';
import { timed } from './run-context.js';

/**
 * The floor of every reader of the log, measured beside the figure it divides: the whole log in
 * log order through one server-side cursor (the benches' rawScan), from this process, the same
 * code for both builds. Events per second.
 */
export async function rawScanRate(url: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { seconds, value: events } = await timed(() => rawScan(pool));
    return events / seconds;
  } finally {
    await pool.end();
  }
}
