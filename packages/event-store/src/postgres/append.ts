import { inTransaction, type Pool } from '@factory/database';
import { UniquenessConflictError } from '../errors.js';
import type { AppendOutcome, AppendRequest } from '../event-store.js';
import type { UniqueKey } from '../write-side.js';
import { notifyAppended } from './append-notifier.js';
import { claimsFree, firstColumn, statementWrites } from './append-parts.js';
import {
  appendStatement,
  type StatementRow,
  type StreamsOutcome,
  streamsOutcome,
} from './append-statement.js';
import { validateStreams } from './append-to-stream.js';
import { lastEvents } from './last-events.js';
import { inLogOrder, standalone, uniqueConstraints } from './projection-writes.js';
import { reservationAppends, reservationEventId, reservationHolders } from './reservations.js';
import type { RowsAfterCommit } from './rows-after-commit.js';

// A race lost on a unique index is not an answer yet: the checks run again against what the
// winner committed (a retry, a conflict, a key now held) and give the answer.
const MAX_ATTEMPTS = 10;

/**
 * The port's append on PostgreSQL: one statement with the events, the projections' rows that
 * ride in it, the snapshots and the claims, checked by guards in its own snapshot (one round trip
 * and one commit, shared by group commit). With rows of order `log`, a transaction: that
 * statement, then those rows one by one, then COMMIT. See EventStore.append for the contract.
 */
export async function append(
  pool: Pool,
  request: AppendRequest,
  after: AfterCommit | null = null,
): Promise<AppendOutcome> {
  if (after !== null) return appendThenRows(pool, request, after);
  validateStreams(request.streams);
  const uniqueness = request.uniqueness ?? [];
  const checks = request.checks ?? [];
  const claims = uniqueness.filter((change) => change.op === 'claim');
  const guards = [...checks, ...(claims.length > 0 ? [claimsFree(claims)] : [])];
  const statement = appendStatement(request.streams, statementWrites(request, { keys: true }), guards);
  const ordered = (request.rows ?? []).filter(inLogOrder);
  // A row that fails a projection's own unique index holds a key the claims did not name.
  const constraints = uniqueConstraints(ordered);
  for (let attempt = 1; ; attempt++) {
    let outcome: StreamsOutcome;
    try {
      outcome =
        ordered.length === 0
          ? await run(pool, statement, request)
          : await inTransaction(pool, async (client) => {
              const { rows: result } = await client.query<StatementRow>(statement);
              const done = streamsOutcome(request.streams, result[0]!);
              if (done.written)
                for (const { projection, row } of ordered)
                  await client.query(standalone(projection.write([row]), done.rows));
              return done;
            });
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      const scope = constraints.get((error as { constraint?: string }).constraint ?? '');
      if (code === '23505' && scope !== undefined) throw new UniquenessConflictError([scope]);
      // A lost race (23505), or two writers claiming keys in opposite orders (40P01).
      if ((code === '23505' || code === '40P01') && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    if (outcome.written) {
      if (ordered.length > 0) notifyAppended(pool);
      return {
        written: true,
        events: outcome.rows.map((row) => ({
          ...row,
          checkpoint: { txId: outcome.txId, position: row.position },
        })),
      };
    }
    const held = claims.length > 0 ? (outcome.guards[checks.length] ?? []) : [];
    if (held.length > 0) {
      const keys = held.map((g) => (g as { key: string }).key);
      throw new UniquenessConflictError(
        [...new Set(keys.map((k) => k.slice(0, k.indexOf('/')) as UniqueKey['scope']))],
        claims.map((c) => c.key).filter((k) => keys.includes(`${k.scope}/${k.value}`)),
      );
    }
    return notWritten(outcome, checks.length);
  }
}

/** The "rows after commit" mode's part of the store: the rows' writer and a fault hook. */
export interface AfterCommit {
  rows: RowsAfterCommit;
  /** Called between the commit and the rows (fault-injection tests make the process exit there). */
  afterCommit?: () => void;
}

/**
 * The append of the "rows after commit" mode, as a log without our tables must run it: the
 * events and the reservation streams that claim their keys commit alone, then the rows are
 * written. Unique keys rest on the reservation streams only (no table's unique index).
 */
async function appendThenRows(
  pool: Pool,
  request: AppendRequest,
  after: AfterCommit,
): Promise<AppendOutcome> {
  validateStreams(request.streams);
  const checks = request.checks ?? [];
  const uniqueness = request.uniqueness ?? [];
  const firstId = request.streams[0]!.events[0]!.id;
  for (let attempt = 1; ; attempt++) {
    const reservations = reservationAppends(
      uniqueness,
      // Every key's stream in one statement: as many statements for a batch of 100 keys as of 10.
      await reservationHolders(uniqueness, (streams) => lastEvents(pool, streams)),
      (change) => reservationEventId(firstId, change),
    );
    const streams = [...request.streams, ...reservations];
    let outcome: StreamsOutcome;
    try {
      const { rows } = await pool.query<StatementRow>(appendStatement(streams, [], checks));
      outcome = streamsOutcome(streams, rows[0]!);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if ((code === '23505' || code === '40P01') && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    if (outcome.written) {
      notifyAppended(pool);
      after.afterCommit?.();
      await after.rows.write(request, outcome.rows);
      return {
        written: true,
        events: outcome.rows.map((row) => ({
          ...row,
          checkpoint: { txId: outcome.txId, position: row.position },
        })),
      };
    }
    // A reservation stream moved (a concurrent claim or release of the key): read it again.
    const reserved = new Set(reservations.map((r) => r.stream));
    const own = { ...outcome, existing: outcome.existing.filter((e) => !reserved.has(e.stream)) };
    const others = outcome.conflicts.filter((c) => !reserved.has(c.stream));
    if (
      others.length === 0 &&
      own.existing.length === 0 &&
      outcome.conflicts.length > 0 &&
      attempt < MAX_ATTEMPTS
    )
      continue;
    return notWritten({ ...own, conflicts: others }, checks.length);
  }
}

function notWritten(outcome: Extract<StreamsOutcome, { written: false }>, checks: number): AppendOutcome {
  return {
    written: false,
    existing: outcome.existing.map(({ txId, ...ref }) => ({
      ...ref,
      checkpoint: { txId, position: ref.position },
    })),
    conflicts: outcome.conflicts.map(({ stream, expected, current }) => ({
      stream,
      expected,
      actual: current,
    })),
    failedChecks: Array.from({ length: checks }, (_, i) => (outcome.guards[i] ?? []).map(firstColumn)),
  };
}

async function run(
  pool: Pool,
  statement: ReturnType<typeof appendStatement>,
  request: AppendRequest,
): Promise<StreamsOutcome> {
  const { rows } = await pool.query<StatementRow>(statement);
  const outcome = streamsOutcome(request.streams, rows[0]!);
  if (outcome.written) notifyAppended(pool);
  return outcome;
}
