import { setTimeout as sleep } from 'node:timers/promises';
import { inTransaction, type Pool, type PoolClient } from '@factory/database';
import { compareCheckpoints, type LogCheckpoint } from '../checkpoint.js';
import type { LogHead, ReadAllOptions, RecordedEvent, WriteSideRowsOf } from '../event-store.js';
import type { WriteSideRow } from '../write-side.js';
import { isCatalogRow, writeCatalogRows } from './catalog-rows.js';
import { SNAPSHOT_TABLES } from './write-side-rows.js';

/**
 * The "rows after commit" mode: the append commits the events alone (and the reservation
 * streams that claim its unique keys), then its rows are written, as with a log that cannot
 * hold our tables in its transaction (KurrentDB). A crash in between leaves rows missing; the
 * catch-up re-derives them from the log (`rowsOf`), in log order, with a checkpoint moved in the
 * same transaction, before any row is read (`current()`).
 *
 * The rows live in PostgreSQL whichever the log is: the PostgreSQL adapter in this mode and the
 * KurrentDB adapter both use this, each with its log reader and its own checkpoint row.
 */
export interface RowsAfterCommit {
  /** Writes an appended write's rows (keyed by event id: writing them twice changes nothing). */
  write(rows: readonly WriteSideRow[], appended: ReadonlyMap<string, AppendedAt>): Promise<void>;
  /** Resolves once the rows of every event committed before the call are written. */
  current(): Promise<void>;
}

/** Where an appended event landed: what its rows record (the index's revision, the answer's position). */
export interface AppendedAt {
  revision: number;
  position: number;
}

/** The log whose rows are caught up. */
export interface CatchUpLog {
  /** Its row in `write_side_checkpoint`: `rows` for PostgreSQL, `rows-kurrentdb` for KurrentDB. */
  checkpointName: string;
  readHead(): Promise<LogHead>;
  /** The log after a checkpoint; `client` holds the checkpoint's lock (PostgreSQL reads on it). */
  readAll(options: ReadAllOptions, client: PoolClient): Promise<RecordedEvent[]>;
}

const BATCH = 500;

export function rowsAfterCommit(pool: Pool, rowsOf: WriteSideRowsOf, log: CatchUpLog): RowsAfterCommit {
  const catchUps = new SharedRuns(() => catchUp(pool, rowsOf, log));
  return {
    async write(rows, appended) {
      // Rows that do not depend on order go in at once; the catalog's records (a later event may
      // change what an earlier one wrote) only in log order, by the catch-up.
      const direct = rows.filter((row) => !isCatalogRow(row));
      if (direct.length > 0) await inTransaction(pool, (client) => writeDirect(client, direct, appended));
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
  appended: ReadonlyMap<string, AppendedAt>,
): Promise<void> {
  for (const row of rows) {
    switch (row.kind) {
      case 'movement_index':
        await client.query(
          `INSERT INTO stock_movement_index (movimento_id, empresa_id, insumo_id, revision)
           VALUES ($1, $2, $3, $4)
           ON CONFLICT (movimento_id) DO NOTHING`,
          [row.eventId, row.empresaId, row.insumoId, appendedAt(appended, row.eventId).revision],
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
            String(appendedAt(appended, row.eventId).position),
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
async function catchUp(pool: Pool, rowsOf: WriteSideRowsOf, log: CatchUpLog): Promise<void> {
  const { checkpoint: head } = await log.readHead();
  // Most calls find the rows current: say so without taking the lock (and a connection for a
  // transaction) that writers would then queue behind.
  if (compareCheckpoints(await readCheckpoint(pool, log.checkpointName), head) >= 0) return;
  for (let idle = 0; ; ) {
    const reached = await inTransaction(pool, async (client) => {
      let at = await readCheckpoint(client, log.checkpointName, 'FOR UPDATE');
      if (compareCheckpoints(at, head) >= 0) return true;
      // PostgreSQL reads on the connection holding the lock: never wait for a second one then.
      const events = await log.readAll({ after: at, limit: BATCH }, client);
      if (events.length === 0) return false;
      for (const event of events) {
        const derived = rowsOf(event);
        const landed = new Map([[event.id, { revision: event.revision, position: event.position }]]);
        await writeDirect(
          client,
          derived.filter((row) => !isCatalogRow(row)),
          landed,
        );
        await writeCatalogRows(client, derived.filter(isCatalogRow), { idempotent: true });
        at = event.checkpoint;
      }
      await client.query('UPDATE write_side_checkpoint SET tx_id = $1, position = $2 WHERE name = $3', [
        at.txId,
        at.position,
        log.checkpointName,
      ]);
      return compareCheckpoints(at, head) >= 0;
    });
    if (reached) return;
    // The head's event is committed but not readable yet (an older transaction is still open):
    // wait for it, briefly and growing, as a reader of the log does.
    await sleep(Math.min(2 ** idle++, 50));
  }
}

/** The checkpoint's row, made by the migrations (0101 for PostgreSQL, 0102 for KurrentDB). */
async function readCheckpoint(
  db: Pool | PoolClient,
  name: string,
  lock: '' | 'FOR UPDATE' = '',
): Promise<LogCheckpoint> {
  const { rows } = await db.query<{ tx_id: string; position: number }>(
    `SELECT tx_id, position FROM write_side_checkpoint WHERE name = $1 ${lock}`,
    [name],
  );
  if (!rows[0]) throw new Error(`write_side_checkpoint has no row ${name}: are the migrations applied?`);
  return { txId: rows[0].tx_id, position: Number(rows[0].position) };
}

function appendedAt(appended: ReadonlyMap<string, AppendedAt>, eventId: string): AppendedAt {
  const at = appended.get(eventId);
  if (!at) throw new Error(`rows after commit: event ${eventId} was not in its append`);
  return at;
}
