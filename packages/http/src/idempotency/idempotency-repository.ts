import { type Batcher, createBatcher } from '@factory/batching';
import type { Pool } from '@factory/database';
import { HOLDER_LOCK_CLASS } from './key-holder-session.js';

/** How long a key is remembered, counted from its first use. */
export const KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface KeyRef {
  tokenId: string;
  key: string;
}

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What claiming a key found: it is ours to execute, or someone else's row as it stands. */
export type Claim =
  | { kind: 'owner' }
  | { kind: 'running'; sameRequest: boolean; holderGone: boolean; attemptId: string }
  | { kind: 'done'; sameRequest: boolean; answer: StoredAnswer }
  | { kind: 'vanished' };

// Many claims, one statement: each row is a new key, an expired one (the 24 h have passed) or
// one whose running attempt's lease ran out (the backstop for a holder that never settled it),
// or it stays as it is and is not returned. A running attempt whose holder session is gone is
// taken over by takeOverKey, off this hot statement. Rows go in sorted by (token, key), so two statements claiming the same keys lock
// them in the same order and never deadlock.
// The claim's commit does not wait for its WAL flush (synchronous_commit off, for this statement
// only): the write that follows commits synchronously, which flushes the log up to and past the
// claim, so every answer a client sees stands on a durable claim. A claim lost in a crash before
// that is a key released, which a retry claims again (its event ids are the same: no double write).
const CLAIM = `INSERT INTO idempotency_keys AS k
       (token_id, idempotency_key, empresa_id, fingerprint, attempt_id, state, created_at, lease_until, holder)
SELECT x.token_id, x.idempotency_key, x.empresa_id, x.fingerprint, x.attempt_id, 'running', x.now, x.lease_until, x.holder
  FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::bytea[], $5::uuid[], $6::timestamptz[], $7::timestamptz[], $9::int[])
         AS x(token_id, idempotency_key, empresa_id, fingerprint, attempt_id, now, lease_until, holder)
 WHERE (SELECT set_config('synchronous_commit', 'off', true)) IS NOT NULL
 ORDER BY x.token_id, x.idempotency_key
ON CONFLICT (token_id, idempotency_key) DO UPDATE
   SET fingerprint = EXCLUDED.fingerprint, attempt_id = EXCLUDED.attempt_id, state = 'running',
       status = NULL, headers = NULL, body = NULL, lease_until = EXCLUDED.lease_until, holder = EXCLUDED.holder,
       created_at = CASE WHEN k.created_at <= EXCLUDED.created_at - $8::interval
                         THEN EXCLUDED.created_at ELSE k.created_at END
 WHERE k.created_at <= EXCLUDED.created_at - $8::interval
    OR (k.state = 'running' AND k.lease_until <= EXCLUDED.created_at AND k.fingerprint = EXCLUDED.fingerprint)
RETURNING attempt_id`;

export type ClaimRequest = KeyRef & {
  empresaId: string;
  fingerprint: Buffer;
  attemptId: string;
  now: Date;
  leaseMs: number;
  /** The claiming process's KeyHolderSession lock, held while the attempt runs. */
  holder: number;
};

/**
 * Claims keys for many requests in one statement (and one commit); returns the attempt ids that
 * now own their key. A key asked twice in one call is claimed once: the later asker is not
 * among the owners and, reading the row, finds the first one's attempt.
 */
async function claimKeys(pool: Pool, requests: readonly ClaimRequest[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const unique = requests.filter((r) => {
    const id = JSON.stringify([r.tokenId, r.key]);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  const { rows } = await pool.query<{ attempt_id: string }>({
    name: 'idempotency-claim',
    text: CLAIM,
    values: [
      unique.map((r) => r.tokenId),
      unique.map((r) => r.key),
      unique.map((r) => r.empresaId),
      unique.map((r) => r.fingerprint),
      unique.map((r) => r.attemptId),
      unique.map((r) => r.now),
      unique.map((r) => new Date(r.now.getTime() + r.leaseMs)),
      `${KEY_RETENTION_MS} milliseconds`,
      unique.map((r) => r.holder),
    ],
  });
  return new Set(rows.map((row) => row.attempt_id));
}

// Concurrent requests on one pool share their claims' statement (@factory/batching): under load
// a claim costs a fraction of a round trip and of a commit.
const claimers = new WeakMap<Pool, Batcher<ClaimRequest, boolean>>();

function claimerOf(pool: Pool): Batcher<ClaimRequest, boolean> {
  let claimer = claimers.get(pool);
  if (claimer === undefined) {
    claimer = createBatcher(async (requests) => {
      const owners = await claimKeys(pool, requests);
      return requests.map((r) => ({ ok: true, value: owners.has(r.attemptId) }));
    });
    claimers.set(pool, claimer);
  }
  return claimer;
}

// Whether a running row's holder session is gone: its advisory lock is no longer held in this
// database. Only asked of a running row with a holder (CASE evaluates the lock table, a full
// snapshot of the lock manager, for those alone).
const HOLDER_GONE = `CASE WHEN state = 'running' AND holder IS NOT NULL THEN NOT EXISTS (
    SELECT 1 FROM pg_locks l
     WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND l.classid = ${HOLDER_LOCK_CLASS}::oid AND l.objid = holder::oid)
  ELSE false END`;

/**
 * Claims the key: a new key, an expired one or one whose running attempt's lease has run out
 * becomes ours. Otherwise the row is read as it stands; it may vanish in between (its attempt
 * failed and released it): claim again. A running row says whether its holder is gone.
 */
export async function claimKey(pool: Pool, ref: ClaimRequest): Promise<Claim> {
  if (await claimerOf(pool).submit(ref)) return { kind: 'owner' };

  const { rows } = await pool.query<{
    same: boolean;
    state: 'running' | 'done';
    attempt_id: string;
    holder_gone: boolean;
    status: number | null;
    headers: Record<string, string> | null;
    body: string | null;
  }>(
    `SELECT fingerprint = $3 AS same, state, attempt_id, ${HOLDER_GONE} AS holder_gone, status, headers, body
       FROM idempotency_keys WHERE token_id = $1 AND idempotency_key = $2`,
    [ref.tokenId, ref.key, ref.fingerprint],
  );
  const row = rows[0];
  if (row === undefined) return { kind: 'vanished' };
  if (row.state === 'running')
    return { kind: 'running', sameRequest: row.same, holderGone: row.holder_gone, attemptId: row.attempt_id };
  return {
    kind: 'done',
    sameRequest: row.same,
    answer: { status: row.status!, headers: row.headers!, body: row.body! },
  };
}

/**
 * Takes over a running attempt (`gone`, seen with its holder gone) for `ref`: true when the key
 * is now ours. False when the row changed meanwhile (finished, released, or taken by another
 * repeat): the caller claims again and finds out how.
 */
export async function takeOverKey(pool: Pool, ref: ClaimRequest, gone: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE idempotency_keys SET attempt_id = $4, holder = $5, lease_until = $6
      WHERE token_id = $1 AND idempotency_key = $2 AND attempt_id = $3 AND state = 'running'`,
    [ref.tokenId, ref.key, gone, ref.attemptId, ref.holder, new Date(ref.now.getTime() + ref.leaseMs)],
  );
  return rowCount === 1;
}

/** Records the answer, unless another attempt took the key over meanwhile. */
export async function completeKey(
  pool: Pool,
  ref: KeyRef & { attemptId: string; answer: StoredAnswer },
): Promise<void> {
  await pool.query(
    `UPDATE idempotency_keys SET state = 'done', status = $4, headers = $5, body = $6
      WHERE token_id = $1 AND idempotency_key = $2 AND attempt_id = $3`,
    [ref.tokenId, ref.key, ref.attemptId, ref.answer.status, ref.answer.headers, ref.answer.body],
  );
}

/** Forgets an attempt that failed without an answer worth keeping (5xx): a retry runs afresh. */
export async function releaseKey(pool: Pool, ref: KeyRef & { attemptId: string }): Promise<void> {
  await pool.query(
    `DELETE FROM idempotency_keys WHERE token_id = $1 AND idempotency_key = $2 AND attempt_id = $3`,
    [ref.tokenId, ref.key, ref.attemptId],
  );
}

const PURGE_BATCH = 5000;

/**
 * Deletes keys older than the retention, in small batches so no long transaction holds back
 * the event log's readers. Returns how many were deleted.
 */
export async function purgeExpiredKeys(pool: Pool, now: Date): Promise<number> {
  const expiredBefore = new Date(now.getTime() - KEY_RETENTION_MS);
  let total = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `DELETE FROM idempotency_keys
        WHERE ctid = ANY (ARRAY(SELECT ctid FROM idempotency_keys WHERE created_at <= $1 LIMIT $2))`,
      [expiredBefore, PURGE_BATCH],
    );
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < PURGE_BATCH) return total;
  }
}
