import { inTransaction, type Pool } from '@factory/database';
import { deleteUserSessions } from './admin-sessions-repository.js';
import { requireUuid } from './input.js';
import {
  findOpenInvitation,
  markInvitationUsed,
  type OpenInvitation,
  replaceInvitation,
} from './invitations-repository.js';
import { OpsError } from './ops-error.js';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password.js';
import { codeHash, looksLikeSecretCode, newSecretCode } from './secret-code.js';
import { findUser, setPasswordHash } from './users-repository.js';

/** admin.md: an invitation link is valid 24 hours. */
export const INVITATION_VALIDITY_MS = 24 * 60 * 60 * 1000;
/** The page's path for an invitation; the link is this plus the code. */
export const INVITATION_PATH = '/admin/convite/';

export function invitationLink(baseUrl: string, codigo: string): string {
  return baseUrl.replace(/\/$/, '') + INVITATION_PATH + codigo;
}

/**
 * A one-time code for the user to set a password with, voiding any earlier one. The user needs
 * an e-mail: it is what they sign in with.
 */
export async function createInvitation(
  pool: Pool,
  usuarioId: string,
  now: Date,
): Promise<{ codigo: string; expiraEm: Date }> {
  const id = requireUuid(usuarioId, 'usuario');
  const user = await findUser(pool, id);
  if (!user) throw new OpsError('nao_encontrado', `usuário não encontrado: ${id}`);
  if (user.email === null)
    throw new OpsError(
      'invalido',
      `usuário ${id} não tem e-mail: o convite serve para entrar com e-mail e senha`,
    );
  const codigo = newSecretCode();
  const expiraEm = new Date(now.getTime() + INVITATION_VALIDITY_MS);
  await inTransaction(pool, (client) =>
    replaceInvitation(client, { hash: codeHash(codigo), usuarioId: id, criadoEm: now, expiraEm }),
  );
  return { codigo, expiraEm };
}

/** The invitation behind a link, or null when the code is unknown, used or expired. */
export async function openInvitation(pool: Pool, codigo: string, now: Date): Promise<OpenInvitation | null> {
  if (!looksLikeSecretCode(codigo)) return null;
  return findOpenInvitation(pool, codeHash(codigo), now);
}

/** Why a password is refused, in the page's words; null when it is acceptable. */
export function passwordProblem(senha: string): string | null {
  if (senha.length < MIN_PASSWORD_LENGTH)
    return `A senha precisa ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`;
  if (senha.length > MAX_PASSWORD_LENGTH)
    return `A senha pode ter no máximo ${MAX_PASSWORD_LENGTH} caracteres.`;
  return null;
}

/**
 * Sets the password and uses the invitation up, once: two concurrent submissions of one link
 * queue on its row and the second finds it used. The user's open sessions end (a new password
 * is a fresh start). False when the link is unknown, used or expired.
 */
export async function acceptInvitation(
  pool: Pool,
  codigo: string,
  senha: string,
  now: Date,
): Promise<boolean> {
  const problem = passwordProblem(senha);
  if (problem) throw new OpsError('invalido', problem);
  if (!looksLikeSecretCode(codigo)) return false;
  const senhaHash = await hashPassword(senha);
  const hash = codeHash(codigo);
  return inTransaction(pool, async (client) => {
    const invitation = await findOpenInvitation(client, hash, now, true);
    if (!invitation) return false;
    await setPasswordHash(client, invitation.usuarioId, senhaHash);
    await markInvitationUsed(client, hash, now);
    await deleteUserSessions(client, invitation.usuarioId);
    return true;
  });
}
