import type { Queryable } from './db.js';

export async function insertUser(
  db: Queryable,
  u: { id: string; empresaId: string; nome: string; admin: boolean; email?: string | null },
): Promise<void> {
  await db.query('INSERT INTO usuarios (id, empresa_id, nome, admin, email) VALUES ($1, $2, $3, $4, $5)', [
    u.id,
    u.empresaId,
    u.nome,
    u.admin,
    u.email ?? null,
  ]);
}

export async function findUser(
  db: Queryable,
  id: string,
): Promise<{ empresaId: string; admin: boolean; email: string | null; nome: string } | null> {
  const { rows } = await db.query<{ empresa_id: string; admin: boolean; email: string | null; nome: string }>(
    'SELECT empresa_id, admin, email, nome FROM usuarios WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row ? { empresaId: row.empresa_id, admin: row.admin, email: row.email, nome: row.nome } : null;
}

export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM usuarios WHERE lower(email) = lower($1)', [email]);
  return rowCount === 1;
}

/** What sign-in needs of the user with this e-mail; null when none has it. */
export async function findSignInUser(
  db: Queryable,
  email: string,
): Promise<{ id: string; senhaHash: string | null; admin: boolean; suspensa: boolean } | null> {
  const { rows } = await db.query<{
    id: string;
    senha_hash: string | null;
    admin: boolean;
    suspensa: boolean;
  }>(
    `SELECT u.id, u.senha_hash, u.admin, e.suspensa
       FROM usuarios u JOIN empresas e ON e.id = u.empresa_id
      WHERE lower(u.email) = lower($1)`,
    [email],
  );
  const r = rows[0];
  return r ? { id: r.id, senhaHash: r.senha_hash, admin: r.admin, suspensa: r.suspensa } : null;
}

export async function setPasswordHash(db: Queryable, id: string, senhaHash: string): Promise<void> {
  await db.query('UPDATE usuarios SET senha_hash = $2 WHERE id = $1', [id, senhaHash]);
}

export async function setEmail(db: Queryable, id: string, email: string): Promise<void> {
  await db.query('UPDATE usuarios SET email = $2 WHERE id = $1', [id, email]);
}

/** False when no user has this id. Demoting twice is harmless. */
export async function demote(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE usuarios SET admin = false WHERE id = $1', [id]);
  return rowCount === 1;
}
