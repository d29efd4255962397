import type { Queryable } from './db.js';

export async function insertUser(
  db: Queryable,
  u: { id: string; empresaId: string; nome: string; admin: boolean },
): Promise<void> {
  await db.query('INSERT INTO usuarios (id, empresa_id, nome, admin) VALUES ($1, $2, $3, $4)', [
    u.id,
    u.empresaId,
    u.nome,
    u.admin,
  ]);
}

export async function findUser(
  db: Queryable,
  id: string,
): Promise<{ empresaId: string; admin: boolean } | null> {
  const { rows } = await db.query<{ empresa_id: string; admin: boolean }>(
    'SELECT empresa_id, admin FROM usuarios WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row ? { empresaId: row.empresa_id, admin: row.admin } : null;
}

/** False when no user has this id. Demoting twice is harmless. */
export async function demote(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE usuarios SET admin = false WHERE id = $1', [id]);
  return rowCount === 1;
}
