import type { Pool } from '@factory/database';

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
  | { kind: 'running'; sameRequest: boolean }
  | { kind: 'done'; sameRequest: boolean; answer: StoredAnswer }
  | { kind: 'vanished' };

const CLAIM = `INSERT INTO idempotency_keys AS k
       (token_id, idempotency_key, empresa_id, fingerprint, attempt_id, state, created_at, lease_until)
VALUES ($1, $2, $3, $4, $5, 'running', $6, $7)
ON CONFLICT (token_id, idempotency_key) DO UPDATE
   SET fingerprint = EXCLUDED.fingerprint, attempt_id = EXCLUDED.attempt_id, state = 'running',
       status = NULL, headers = NULL, body = NULL, lease_until = EXCLUDED.lease_until,
       created_at = CASE WHEN k.created_at <= $8 THEN EXCLUDED.created_at ELSE k.created_at END
 WHERE k.created_at <= $8
    OR (k.state = 'running' AND k.lease_until <= $6 AND k.fingerprint = EXCLUDED.fingerprint)
RETURNING 1`;

/**
 * One statement claims the key: a new key, an expired one (the 24 h have passed) or one whose
 * running attempt's lease has run out (its process died) becomes ours. Otherwise the row is
 * read as it stands; it may vanish in between (its attempt failed and released it): claim again.
 */
export async function claimKey(
  pool: Pool,
  ref: KeyRef & { empresaId: string; fingerprint: Buffer; attemptId: string; now: Date; leaseMs: number },
): Promise<Claim> {
  const expiredBefore = new Date(ref.now.getTime() - KEY_RETENTION_MS);
  const leaseUntil = new Date(ref.now.getTime() + ref.leaseMs);
  // Named: parsed and planned once per connection, as it runs once per keyed write.
  const claimed = await pool.query({
    name: 'idempotency-claim',
    text: CLAIM,
    values: [
      ref.tokenId,
      ref.key,
      ref.empresaId,
      ref.fingerprint,
      ref.attemptId,
      ref.now,
      leaseUntil,
      expiredBefore,
    ],
  });
  if (claimed.rowCount === 1) return { kind: 'owner' };

  const { rows } = await pool.query<{
    same: boolean;
    state: 'running' | 'done';
    status: number | null;
    headers: Record<string, string> | null;
    body: string | null;
  }>(
    `SELECT fingerprint = $3 AS same, state, status, headers, body
       FROM idempotency_keys WHERE token_id = $1 AND idempotency_key = $2`,
    [ref.tokenId, ref.key, ref.fingerprint],
  );
  const row = rows[0];
  if (row === undefined) return { kind: 'vanished' };
  if (row.state === 'running') return { kind: 'running', sameRequest: row.same };
  return {
    kind: 'done',
    sameRequest: row.same,
    answer: { status: row.status!, headers: row.headers!, body: row.body! },
  };
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

/** A part of another statement: SQL with placeholders from $1 and its values. */
export interface StatementPart {
  text: string;
  values: readonly unknown[];
}

/**
 * completeKey as a write of the PostgreSQL event store's append statement, which exposes the
 * rows it appended as `appended`: the answer commits with the events, in the same statement,
 * and `positionHeader` is the last appended event's position. Nothing appended, nothing done.
 */
export function completeKeyWithAppend(
  ref: KeyRef & { attemptId: string },
  answer: StoredAnswer,
  positionHeader: string,
): StatementPart {
  return {
    text: `UPDATE idempotency_keys AS k
              SET state = 'done', status = $4::smallint, body = $6::text,
                  headers = $5::jsonb || jsonb_build_object($7::text, a.position::text)
             FROM (SELECT position FROM appended ORDER BY stream_revision DESC LIMIT 1) AS a
            WHERE k.token_id = $1::uuid AND k.idempotency_key = $2::text AND k.attempt_id = $3::uuid`,
    values: [
      ref.tokenId,
      ref.key,
      ref.attemptId,
      answer.status,
      JSON.stringify(answer.headers),
      answer.body,
      positionHeader,
    ],
  };
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
