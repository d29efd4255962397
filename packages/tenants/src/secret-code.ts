import { createHash, randomBytes } from 'node:crypto';

/** 32 CSPRNG bytes, URL-safe: invitation codes and session ids. */
export function newSecretCode(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a code: its SHA-256, so a copy of the table opens nothing. */
export function codeHash(code: string): Buffer {
  return createHash('sha256').update(code).digest();
}

/** A code as newSecretCode makes it; anything else is not looked up. */
export function looksLikeSecretCode(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
