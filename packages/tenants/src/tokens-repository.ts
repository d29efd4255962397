import type { Queryable } from './db.js';

export interface TokenInsert {
  id: string;
  empresaId: string;
  criadorId: string;
  nome: string;
  prefixo: string;
  hash: Buffer;
  escopos: readonly string[];
  criadoEm: Date;
  expiraEm: Date | null;
}

export async function insertToken(db: Queryable, t: TokenInsert): Promise<void> {
  await db.query(
    `INSERT INTO tokens (id, empresa_id, criador_id, nome, prefixo, hash_sha256, escopos, criado_em, expira_em)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [t.id, t.empresaId, t.criadorId, t.nome, t.prefixo, t.hash, t.escopos, t.criadoEm, t.expiraEm],
  );
}

/** Tokens whose situation is `ativo` at `now`: the same rule as tokenSituation in @factory/domain. */
export async function countActiveTokens(db: Queryable, empresaId: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n
       FROM tokens t JOIN usuarios u ON u.id = t.criador_id
      WHERE t.empresa_id = $1
        AND t.revogado_em IS NULL
        AND (t.expira_em IS NULL OR t.expira_em > $2)
        AND u.admin AND u.empresa_id = t.empresa_id`,
    [empresaId, now],
  );
  return rows[0]!.n;
}

/** False when no token has this id. A second revocation keeps the first instant. */
export async function revoke(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE tokens SET revogado_em = coalesce(revogado_em, now()) WHERE id = $1',
    [id],
  );
  return rowCount === 1;
}

export interface TokenListRow {
  id: string;
  prefixo: string;
  nome: string;
  criador: string;
  criadorAdmin: boolean;
  criadoEm: Date;
  ultimoUsoEm: Date | null;
  expiraEm: Date | null;
  revogadoEm: Date | null;
  escopos: string[];
}

/** Newest first, as the settings screen shows them. */
export async function selectTokens(db: Queryable, empresaId: string): Promise<TokenListRow[]> {
  const { rows } = await db.query<TokenListRow>(
    `SELECT t.id, t.prefixo, t.nome, u.nome AS criador,
            (u.admin AND u.empresa_id = t.empresa_id) AS "criadorAdmin",
            t.criado_em AS "criadoEm", t.ultimo_uso_em AS "ultimoUsoEm",
            t.expira_em AS "expiraEm", t.revogado_em AS "revogadoEm", t.escopos
       FROM tokens t JOIN usuarios u ON u.id = t.criador_id
      WHERE t.empresa_id = $1
      ORDER BY t.criado_em DESC, t.id`,
    [empresaId],
  );
  return rows;
}

/**
 * Revokes a token of this company only, naming who did it; false when the company has no such
 * token. A second revocation keeps the first instant and author.
 */
export async function revokeOfCompany(
  db: Queryable,
  empresaId: string,
  id: string,
  usuarioId: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE tokens SET revogado_em = coalesce(revogado_em, now()),
                       revogado_por = CASE WHEN revogado_em IS NULL THEN $3::uuid ELSE revogado_por END
      WHERE id = $1 AND empresa_id = $2`,
    [id, empresaId, usuarioId],
  );
  return rowCount === 1;
}

export interface TokenEventRow {
  evento: 'criado' | 'revogado';
  em: Date;
  nome: string;
  prefixo: string;
  /** Null for a revocation made by an operator (CLI). */
  quem: string | null;
}

/** Creations and revocations of the company's tokens, newest first. */
export async function selectTokenEvents(
  db: Queryable,
  empresaId: string,
  limit: number,
): Promise<TokenEventRow[]> {
  const { rows } = await db.query<TokenEventRow>(
    `SELECT * FROM (
       SELECT 'criado' AS evento, t.criado_em AS em, t.nome, t.prefixo, u.nome AS quem
         FROM tokens t JOIN usuarios u ON u.id = t.criador_id
        WHERE t.empresa_id = $1
       UNION ALL
       SELECT 'revogado', t.revogado_em, t.nome, t.prefixo, r.nome
         FROM tokens t LEFT JOIN usuarios r ON r.id = t.revogado_por
        WHERE t.empresa_id = $1 AND t.revogado_em IS NOT NULL
     ) e
     ORDER BY em DESC, evento DESC
     LIMIT $2`,
    [empresaId, limit],
  );
  return rows;
}
