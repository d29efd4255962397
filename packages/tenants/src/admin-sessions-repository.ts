import type { Queryable } from './db.js';

export async function insertSession(
  db: Queryable,
  s: { hash: Buffer; usuarioId: string; now: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO admin_sessoes (id_hash, usuario_id, criada_em, ultimo_acesso_em) VALUES ($1, $2, $3, $3)',
    [s.hash, s.usuarioId, s.now],
  );
}

export interface SessionRow {
  usuarioId: string;
  usuarioNome: string;
  admin: boolean;
  criadaEm: Date;
  ultimoAcessoEm: Date;
  empresa: { id: string; nome: string; fuso: string; suspensa: boolean };
}

export async function findSession(db: Queryable, hash: Buffer): Promise<SessionRow | null> {
  const { rows } = await db.query<{
    usuario_id: string;
    usuario_nome: string;
    admin: boolean;
    criada_em: Date;
    ultimo_acesso_em: Date;
    empresa_id: string;
    empresa_nome: string;
    fuso: string;
    suspensa: boolean;
  }>(
    `SELECT s.usuario_id, u.nome AS usuario_nome, u.admin, s.criada_em, s.ultimo_acesso_em,
            e.id AS empresa_id, e.nome AS empresa_nome, e.fuso, e.suspensa
       FROM admin_sessoes s
       JOIN usuarios u ON u.id = s.usuario_id
       JOIN empresas e ON e.id = u.empresa_id
      WHERE s.id_hash = $1`,
    [hash],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    usuarioId: r.usuario_id,
    usuarioNome: r.usuario_nome,
    admin: r.admin,
    criadaEm: r.criada_em,
    ultimoAcessoEm: r.ultimo_acesso_em,
    empresa: { id: r.empresa_id, nome: r.empresa_nome, fuso: r.fuso, suspensa: r.suspensa },
  };
}

export async function touchSession(db: Queryable, hash: Buffer, now: Date): Promise<void> {
  await db.query('UPDATE admin_sessoes SET ultimo_acesso_em = $2 WHERE id_hash = $1', [hash, now]);
}

export async function deleteSession(db: Queryable, hash: Buffer): Promise<void> {
  await db.query('DELETE FROM admin_sessoes WHERE id_hash = $1', [hash]);
}

export async function deleteUserSessions(db: Queryable, usuarioId: string): Promise<void> {
  await db.query('DELETE FROM admin_sessoes WHERE usuario_id = $1', [usuarioId]);
}

/** Housekeeping: sessions past either limit are refused anyway; this keeps the table small. */
export async function deleteStaleSessions(
  db: Queryable,
  idleSince: Date,
  startedBefore: Date,
): Promise<void> {
  await db.query('DELETE FROM admin_sessoes WHERE ultimo_acesso_em < $1 OR criada_em < $2', [
    idleSince,
    startedBefore,
  ]);
}

export async function setNewToken(db: Queryable, hash: Buffer, sealed: Buffer | null): Promise<void> {
  await db.query('UPDATE admin_sessoes SET token_novo = $2 WHERE id_hash = $1', [hash, sealed]);
}

/** Reads and clears in one statement: a second read (reload, back) finds nothing. */
export async function takeNewToken(db: Queryable, hash: Buffer): Promise<Buffer | null> {
  const { rows } = await db.query<{ token_novo: Buffer | null }>(
    `UPDATE admin_sessoes s SET token_novo = NULL
       FROM (SELECT id_hash, token_novo FROM admin_sessoes WHERE id_hash = $1 FOR UPDATE) old
      WHERE s.id_hash = old.id_hash
     RETURNING old.token_novo`,
    [hash],
  );
  return rows[0]?.token_novo ?? null;
}
