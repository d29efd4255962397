import { setTimeout as sleep } from 'node:timers/promises';
import { inTransaction, type Pool, type PoolClient } from '@factory/database';
import { compareCheckpoints, type LogCheckpoint } from '../checkpoint.js';
import type { WriteSideRow, WriteSideRowsOf } from '../write-side.js';
import { isCatalogRow, writeCatalogRows } from './catalog-rows.js';
import { readAll } from './read-all.js';
import { readHead } from './read-head.js';
import { SNAPSHOT_TABLES } from './write-side-rows.js';

/**
 * The "rows after commit" mode: the append commits the events alone (and the reservation
 * streams that claim its unique keys), then its rows are written, as with a log that cannot
 * hold our tables in its transaction (KurrentDB). A crash in between leaves rows missing; the
 * catch-up re-derives them from the log (`rowsOf`), in log order, with a checkpoint moved in the
 * same transaction, before any row is read (`current()`).
 */
export interface RowsAfterCommit {
  /** Writes an appended write's rows (keyed by event id: writing them twice changes nothing). */
  write(rows: readonly WriteSideRow[], positions: ReadonlyMap<string, number>): Promise<void>;
  /** Resolves once the rows of every event committed before the call are written. */
  current(): Promise<void>;
}

const BATCH = 500;

export function rowsAfterCommit(pool: Pool, rowsOf: WriteSideRowsOf): RowsAfterCommit {
  const catchUps = new SharedRuns(() => catchUp(pool, rowsOf));
  return {
    async write(rows, positions) {
      // Rows that do not depend on order go in at once; the catalog's records (a later event may
      // change what an earlier one wrote) only in log order, by the catch-up.
      const direct = rows.filter((row) => !isCatalogRow(row));
      if (direct.length > 0) await inTransaction(pool, (client) => writeDirect(client, direct, positions));
      if (direct.length < rows.length) await catchUps.run();
    },
    current: () => catchUps.run(),
  };
}

/**
 * One catch-up at a time in this process, shared by its callers: concurrent writers waiting for
 * the checkpoint's lock would each hold a pool connection, and could hold them all. A caller that
 * arrives while a run is in flight (whose head may predate its call) waits for the next run, which
 * every caller arriving meanwhile shares. A failed run fails the callers it served.
 */
class SharedRuns {
  #running: Promise<void> | null = null;
  #next: Promise<void> | null = null;

  constructor(private readonly task: () => Promise<void>) {}

  run(): Promise<void> {
    if (this.#running === null) {
      const running = this.task().finally(() => {
        if (this.#running === running) this.#running = null;
      });
      this.#running = running;
      return running;
    }
    this.#next ??= this.#running
      .catch(() => undefined)
      .then(() => {
        this.#next = null;
        return this.run();
      });
    return this.#next;
  }
}

async function writeDirect(
  client: PoolClient,
  rows: readonly WriteSideRow[],
  positions: ReadonlyMap<string, number>,
): Promise<void> {
  for (const row of rows) {
    switch (row.kind) {
      case 'movement_index':
        await client.query(
          `INSERT INTO stock_movement_index (movimento_id, empresa_id, insumo_id, revision)
           SELECT $1, $2, $3, stream_revision FROM events WHERE event_id = $1
           ON CONFLICT (movimento_id) DO NOTHING`,
          [row.eventId, row.empresaId, row.insumoId],
        );
        break;
      case 'key_answer':
        await client.query(
          `UPDATE idempotency_keys
              SET state = 'done', status = $4, body = $6, headers = $5::jsonb || jsonb_build_object($7::text, $8::text)
            WHERE token_id = $1 AND idempotency_key = $2 AND attempt_id = $3`,
          [
            row.tokenId,
            row.key,
            row.attemptId,
            row.status,
            JSON.stringify(row.headers),
            row.body,
            row.positionHeader,
            String(positions.get(row.eventId)),
          ],
        );
        break;
      case 'snapshot': {
        const table = SNAPSHOT_TABLES[row.snapshot];
        await client.query(
          `INSERT INTO ${table} (stream, empresa_id, revision, snapshot) VALUES ($1, $2, $3, $4)
           ON CONFLICT (stream) DO UPDATE SET revision = EXCLUDED.revision, snapshot = EXCLUDED.snapshot
            WHERE ${table}.revision < EXCLUDED.revision`,
          [row.stream, row.empresaId, row.revision, JSON.stringify(row.data)],
        );
        break;
      }
      default:
        throw new Error(`rows after commit: ${row.kind} is written by the catch-up`);
    }
  }
}

/**
 * Applies the rows of the log's events after the checkpoint, in log order, one batch per
 * transaction holding the checkpoint's row (so catch-ups run one at a time), until the head read
 * at the start is reached. Every committed event before the call is then covered.
 */
async function catchUp(pool: Pool, rowsOf: WriteSideRowsOf): Promise<void> {
  const { checkpoint: head } = await readHead(pool);
  for (let idle = 0; ; ) {
    const reached = await inTransaction(pool, async (client) => {
      const { rows } = await client.query<{ tx_id: string; position: number }>(
        "SELECT tx_id, position FROM write_side_checkpoint WHERE name = 'rows' FOR UPDATE",
      );
      let at: LogCheckpoint = { txId: rows[0]!.tx_id, position: Number(rows[0]!.position) };
      if (compareCheckpoints(at, head) >= 0) return true;
      // On the connection that holds the lock: never wait for a second one while holding it.
      const events = await readAll(client, { after: at, limit: BATCH });
      if (events.length === 0) return false;
      for (const event of events) {
        const derived = rowsOf(event);
        const positions = new Map([[event.id, event.position]]);
        await writeDirect(
          client,
          derived.filter((row) => !isCatalogRow(row)),
          positions,
        );
        await writeCatalogRows(client, derived.filter(isCatalogRow), { idempotent: true });
        at = event.checkpoint;
      }
      await client.query("UPDATE write_side_checkpoint SET tx_id = $1, position = $2 WHERE name = 'rows'", [
        at.txId,
        at.position,
      ]);
      return compareCheckpoints(at, head) >= 0;
    });
    if (reached) return;
    // The head's event is committed but not readable yet (an older transaction is still open):
    // wait for it, briefly and growing, as a reader of the log does.
    await sleep(Math.min(2 ** idle++, 50));
  }
}
