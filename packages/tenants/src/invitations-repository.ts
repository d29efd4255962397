import type { Queryable } from './db.js';

/** A new invitation voids the user's earlier ones (admin.md). */
export async function replaceInvitation(
  db: Queryable,
  i: { hash: Buffer; usuarioId: string; criadoEm: Date; expiraEm: Date },
): Promise<void> {
  await db.query('DELETE FROM convites WHERE usuario_id = $1', [i.usuarioId]);
  await db.query(
    'INSERT INTO convites (codigo_hash, usuario_id, criado_em, expira_em) VALUES ($1, $2, $3, $4)',
    [i.hash, i.usuarioId, i.criadoEm, i.expiraEm],
  );
}

export interface OpenInvitation {
  usuarioId: string;
  nome: string;
  email: string | null;
}

/** The invitation when it is neither used nor expired at `now`; `lock` holds it for the caller's transaction. */
export async function findOpenInvitation(
  db: Queryable,
  hash: Buffer,
  now: Date,
  lock = false,
): Promise<OpenInvitation | null> {
  const { rows } = await db.query<{ usuario_id: string; nome: string; email: string | null }>(
    `SELECT c.usuario_id, u.nome, u.email
       FROM convites c JOIN usuarios u ON u.id = c.usuario_id
      WHERE c.codigo_hash = $1 AND c.usado_em IS NULL AND c.expira_em > $2
      ${lock ? 'FOR UPDATE OF c' : ''}`,
    [hash, now],
  );
  const r = rows[0];
  return r ? { usuarioId: r.usuario_id, nome: r.nome, email: r.email } : null;
}

export async function markInvitationUsed(db: Queryable, hash: Buffer, now: Date): Promise<void> {
  await db.query('UPDATE convites SET usado_em = $2 WHERE codigo_hash = $1', [hash, now]);
}
