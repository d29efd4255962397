import { hash, verify } from '@node-rs/argon2';

/** admin.md: a password has at least this many characters. */
export const MIN_PASSWORD_LENGTH = 12;
/** Longer input is refused before hashing: argon2 of megabytes is a cheap way to load the server. */
export const MAX_PASSWORD_LENGTH = 200;

// argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): OWASP's first recommendation.
const ALGORITHM_ARGON2ID = 2; // Algorithm.Argon2id; a const enum the isolated build cannot import

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ALGORITHM_ARGON2ID });
}

let dummy: Promise<string> | undefined;

/**
 * Verifies `password` against `stored`, or against a hash of nothing when there is none, so a
 * sign-in costs one argon2 verification whether or not the e-mail exists or has a password.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  dummy ??= hashPassword('senha que ninguem tem');
  const against = stored ?? (await dummy);
  const ok = await verify(against, password.slice(0, MAX_PASSWORD_LENGTH)).catch(() => false);
  return ok && stored !== null;
}
