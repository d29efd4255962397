import { setTimeout as sleep } from 'node:timers/promises';
import { inTransaction, type Pool, type PoolClient } from '@factory/database';
import { compareCheckpoints, type LogCheckpoint } from '../checkpoint.js';
import type { AppendRequest, LogHead, ReadAllOptions, RecordedEvent } from '../event-store.js';
import type { InlineProjection } from '../write-side.js';
import { snapshotsWrite } from './append-parts.js';
import { type AppendedEvent, inLogOrder, mergedWrites, standalone } from './projection-writes.js';

/**
 * The "rows after commit" mode: the append commits the events alone (and the reservation
 * streams that claim its unique keys), then its rows are written, as with a log that cannot
 * hold our tables in its transaction (KurrentDB). A crash in between leaves rows missing; the
 * catch-up re-derives them from the log with the projections the store was opened with (their
 * `rowsOf`), in log order, with a checkpoint moved in the same transaction, before any row is
 * read (`current()`).
 *
 * The rows live in PostgreSQL whichever the log is: the PostgreSQL adapter in this mode and the
 * KurrentDB adapter both use this, each with its log reader and its own checkpoint row.
 */
export interface RowsAfterCommit {
  /** Writes a written append's rows and snapshots (writing them twice changes nothing). */
  write(request: AppendRequest, appended: readonly AppendedEvent[]): Promise<void>;
  /** Resolves once the rows of every event committed before the call are written. */
  current(): Promise<void>;
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

export function rowsAfterCommit(
  pool: Pool,
  projections: readonly InlineProjection[],
  log: CatchUpLog,
): RowsAfterCommit {
  const derived = projections.filter((p) => p.rowsOf !== undefined);
  const catchUps = new SharedRuns(() => catchUp(pool, derived, log));
  return {
    async write(request, appended) {
      // Rows that do not depend on order go in at once; those of order `log` (a later event may
      // change what an earlier one wrote) only in log order, by the catch-up.
      const rows = request.rows ?? [];
      for (const { projection } of rows.filter(inLogOrder))
        if (!derived.includes(projection))
          throw new Error(`rows after commit: projection ${projection.name} (order log) is not the store's`);
      const direct = mergedWrites(rows.filter((row) => !inLogOrder(row)));
      if ((request.snapshots ?? []).length > 0) direct.push(snapshotsWrite(request.snapshots!));
      if (direct.length > 0)
        await inTransaction(pool, async (client) => {
          for (const write of direct) await client.query(standalone(write, appended));
        });
      if (rows.some(inLogOrder)) await catchUps.run();
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

/**
 * Applies the rows of the log's events after the checkpoint, in log order, one batch per
 * transaction holding the checkpoint's row (so catch-ups run one at a time), until the head read
 * at the start is reached. Every committed event before the call is then covered.
 */
async function catchUp(pool: Pool, projections: readonly InlineProjection[], log: CatchUpLog): Promise<void> {
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
      for (const projection of projections)
        for (const some of batchWrites(projection, events))
          await client.query(standalone(projection.write(some), events));
      at = events.at(-1)!.checkpoint;
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

/**
 * A projection's writes for a batch of the log's events: set-based, so the statements per batch
 * do not grow with it. Rows of order `any` go in as one write; those of order `log` as the
 * projection collapses them, or else one by one in log order. The batch goes projection by
 * projection in the order given (not event by event): a projection's rows may rely on an earlier
 * one's (a product's record before its bill), and must not be undone by a later one's.
 */
export function batchWrites<R>(
  projection: InlineProjection<R>,
  events: readonly RecordedEvent[],
): (readonly R[])[] {
  const rows = events.flatMap((event) => projection.rowsOf!(event));
  if (rows.length === 0) return [];
  if (projection.order !== 'log') return [rows];
  if (projection.collapse === undefined) return rows.map((row) => [row]);
  return projection.collapse(rows).filter((some) => some.length > 0);
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
