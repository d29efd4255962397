import { inTransaction, type Pool } from '@factory/database';
import { normalizeEmail } from './input.js';
import { verifyPassword } from './password.js';
import { clearFailures, lockedUntil, recordFailure } from './sign-in-repository.js';
import { findSignInUser } from './users-repository.js';

/** admin.md: 5 failures for one e-mail within 15 minutes lock that e-mail for 15 minutes. */
export const SIGN_IN_LOCKOUT = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;
const MAX_EMAIL_KEY = 320;
const LOCKOUT_LOCK_KEY = 4_202_613; // serialises the failures of one e-mail (hashed with the e-mail below)

export type SignInResult =
  /** Right password of an administrator of a company that is not suspended. */
  | { result: 'ok'; usuarioId: string }
  /** Right password of anyone else: the page is for administrators. */
  | { result: 'nao_admin' }
  /** Wrong e-mail, wrong password or a locked e-mail: one answer for all three. */
  | { result: 'recusado' };

/**
 * Always one lookup and one argon2 verification, whether or not the e-mail exists, has a
 * password or is locked, so the answer's timing tells nothing. Failures count per e-mail for
 * unknown e-mails too.
 */
export async function signIn(
  pool: Pool,
  emailTyped: string,
  senha: string,
  now: Date,
): Promise<SignInResult> {
  // No e-mail holds a NUL, which PostgreSQL's text refuses: such input is simply unknown.
  const email = normalizeEmail(emailTyped).replaceAll('\u0000', '').slice(0, MAX_EMAIL_KEY);
  const user = await findSignInUser(pool, email);
  const until = await lockedUntil(pool, email);
  const passwordRight = await verifyPassword(user?.senhaHash ?? null, senha);
  if (until !== null && until.getTime() > now.getTime()) return { result: 'recusado' };
  if (!user || !passwordRight) {
    await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCKOUT_LOCK_KEY, email]);
      await recordFailure(client, email, now, SIGN_IN_LOCKOUT);
    });
    return { result: 'recusado' };
  }
  await clearFailures(pool, email);
  if (!user.admin || user.suspensa) return { result: 'nao_admin' };
  return { result: 'ok', usuarioId: user.id };
}
