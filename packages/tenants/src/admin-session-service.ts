import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Pool } from '@factory/database';
import {
  deleteSession,
  deleteStaleSessions,
  findSession,
  insertSession,
  setNewToken,
  takeNewToken,
  touchSession,
} from './admin-sessions-repository.js';
import { codeHash, looksLikeSecretCode, newSecretCode } from './secret-code.js';

// Sessions are a table and four queries here rather than @fastify/session with a PostgreSQL store
// (connect-pg-simple): those stores key rows by the session id itself, where this keeps only its
// SHA-256, and every request must join the user and company anyway to end the session of a
// demoted administrator or a suspended company, and to apply the 12-hour limit that a rolling
// cookie store does not have.

/** admin.md: a session ends after 30 minutes idle or 12 hours in all. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 60 * 60_000;

export interface AdminSession {
  usuarioId: string;
  usuarioNome: string;
  empresa: { id: string; nome: string; fuso: string };
}

/** A new session (a new id at every sign-in); returns the cookie's value. */
export async function openSession(pool: Pool, usuarioId: string, now: Date): Promise<string> {
  await deleteStaleSessions(
    pool,
    new Date(now.getTime() - SESSION_IDLE_MS),
    new Date(now.getTime() - SESSION_MAX_MS),
  );
  const id = newSecretCode();
  await insertSession(pool, { hash: codeHash(id), usuarioId, now });
  return id;
}

/**
 * The session named by a cookie, checked at every request: it is ended (and null returned)
 * when idle too long, too old, its user no longer an administrator or its company suspended.
 */
export async function resumeSession(
  pool: Pool,
  id: string | undefined,
  now: Date,
): Promise<AdminSession | null> {
  if (id === undefined || !looksLikeSecretCode(id)) return null;
  const hash = codeHash(id);
  const row = await findSession(pool, hash);
  if (!row) return null;
  const t = now.getTime();
  const alive =
    row.admin &&
    !row.empresa.suspensa &&
    t - row.ultimoAcessoEm.getTime() < SESSION_IDLE_MS &&
    t - row.criadaEm.getTime() < SESSION_MAX_MS;
  if (!alive) {
    await deleteSession(pool, hash);
    return null;
  }
  await touchSession(pool, hash, now);
  return {
    usuarioId: row.usuarioId,
    usuarioNome: row.usuarioNome,
    empresa: { id: row.empresa.id, nome: row.empresa.nome, fuso: row.empresa.fuso },
  };
}

export async function closeSession(pool: Pool, id: string | undefined): Promise<void> {
  if (id !== undefined && looksLikeSecretCode(id)) await deleteSession(pool, codeHash(id));
}

// The token just created waits in the session row between the POST and the page that shows it,
// sealed with a key derived from the cookie's value, which the database never holds.
const keyOf = (sessionId: string) => createHash('sha256').update(`token_novo:${sessionId}`).digest();

export async function keepNewToken(pool: Pool, sessionId: string, token: string): Promise<void> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionId), iv);
  const sealed = Buffer.concat([iv, cipher.update(token, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  await setNewToken(pool, codeHash(sessionId), sealed);
}

/** The token kept by keepNewToken, once; null ever after. */
export async function takeNewTokenOnce(pool: Pool, sessionId: string): Promise<string | null> {
  const sealed = await takeNewToken(pool, codeHash(sessionId));
  if (!sealed) return null;
  const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionId), sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}
