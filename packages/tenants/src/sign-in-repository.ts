import type { Queryable } from './db.js';

export async function lockedUntil(db: Queryable, email: string): Promise<Date | null> {
  const { rows } = await db.query<{ bloqueado_ate: Date | null }>(
    'SELECT bloqueado_ate FROM admin_bloqueios WHERE email = $1',
    [email],
  );
  return rows[0]?.bloqueado_ate ?? null;
}

/**
 * Counts one failure in the current window (a window older than `windowMs` starts over); on the
 * `maxFailures`th the e-mail is locked until `now + lockMs` and the count starts over.
 */
export async function recordFailure(
  db: Queryable,
  email: string,
  now: Date,
  rule: { maxFailures: number; windowMs: number; lockMs: number },
): Promise<void> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const lockEnd = new Date(now.getTime() + rule.lockMs);
  await db.query(
    `INSERT INTO admin_bloqueios AS b (email, falhas, primeira_falha_em) VALUES ($1, 1, $2)
     ON CONFLICT (email) DO UPDATE SET
       falhas = CASE WHEN b.primeira_falha_em <= $3 THEN 1 ELSE b.falhas + 1 END,
       primeira_falha_em = CASE WHEN b.primeira_falha_em <= $3 THEN $2 ELSE b.primeira_falha_em END`,
    [email, now, windowStart],
  );
  await db.query(
    `UPDATE admin_bloqueios SET bloqueado_ate = $3, falhas = 0, primeira_falha_em = $2
      WHERE email = $1 AND falhas >= $4`,
    [email, now, lockEnd, rule.maxFailures],
  );
}

export async function clearFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM admin_bloqueios WHERE email = $1', [email]);
}
