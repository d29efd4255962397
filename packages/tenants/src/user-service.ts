import type { Pool } from '@factory/database';
import { companyExists } from './companies-repository.js';
import { newId, requireEmail, requireName, requireUuid } from './input.js';
import { OpsError } from './ops-error.js';
import { demote, emailTaken, insertUser } from './users-repository.js';

export async function createUser(
  pool: Pool,
  input: { empresaId: string; nome: string; admin: boolean; email?: string },
): Promise<string> {
  const empresaId = requireUuid(input.empresaId, 'empresa');
  const nome = requireName(input.nome, 'nome');
  const email = input.email === undefined ? null : requireEmail(input.email, 'email');
  if (!(await companyExists(pool, empresaId)))
    throw new OpsError('nao_encontrado', `empresa não encontrada: ${empresaId}`);
  if (email !== null && (await emailTaken(pool, email)))
    throw new OpsError('invalido', `email já usado por outro usuário: ${email}`);
  const id = newId();
  await insertUser(pool, { id, empresaId, nome, admin: input.admin, email });
  return id;
}

/**
 * Takes away administrator rights. The user's tokens turn `sem dono` (403 token_sem_dono) on
 * every instance through the auth_changed trigger, and their settings-page sessions end at
 * their next request. There is no promotion command, so this is one-way from the operations side.
 */
export async function demoteUser(pool: Pool, usuarioId: string): Promise<string> {
  const id = requireUuid(usuarioId, 'usuario');
  if (!(await demote(pool, id))) throw new OpsError('nao_encontrado', `usuário não encontrado: ${id}`);
  return id;
}
