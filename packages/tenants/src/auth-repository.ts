import type { RegimeTributario } from '@factory/domain';
import type { Queryable } from './db.js';

export interface AuthRecord {
  tokenId: string;
  prefixo: string;
  nome: string;
  escopos: string[];
  expiraEm: Date | null;
  revogadoEm: Date | null;
  /** The creator is still an administrator of the token's company; false means `sem dono`. */
  criadorAdmin: boolean;
  empresa: {
    id: string;
    nome: string;
    cnpj: string;
    fuso: string;
    horaVirada: string;
    skuPrefixo: string;
    regimeTributario: RegimeTributario;
    contribuinteIpi: boolean;
    suspensa: boolean;
  };
}

interface AuthRow {
  token_id: string;
  prefixo: string;
  nome: string;
  escopos: string[];
  expira_em: Date | null;
  revogado_em: Date | null;
  criador_admin: boolean;
  empresa_id: string;
  empresa_nome: string;
  cnpj: string;
  fuso: string;
  hora_virada: string;
  sku_prefixo: string;
  regime_tributario: RegimeTributario;
  contribuinte_ipi: boolean;
  suspensa: boolean;
}

/** Everything an authenticated call needs to decide, in one round trip. */
export async function findAuthRecordByHash(db: Queryable, hash: Buffer): Promise<AuthRecord | null> {
  const { rows } = await db.query<AuthRow>(
    `SELECT t.id AS token_id, t.prefixo, t.nome, t.escopos, t.expira_em, t.revogado_em,
            (u.admin AND u.empresa_id = t.empresa_id) AS criador_admin,
            e.id AS empresa_id, e.nome AS empresa_nome, e.cnpj, e.fuso, e.hora_virada, e.sku_prefixo,
            e.regime_tributario, e.contribuinte_ipi, e.suspensa
       FROM tokens t
       JOIN empresas e ON e.id = t.empresa_id
       JOIN usuarios u ON u.id = t.criador_id
      WHERE t.hash_sha256 = $1`,
    [hash],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    tokenId: r.token_id,
    prefixo: r.prefixo,
    nome: r.nome,
    escopos: r.escopos,
    expiraEm: r.expira_em,
    revogadoEm: r.revogado_em,
    criadorAdmin: r.criador_admin,
    empresa: {
      id: r.empresa_id,
      nome: r.empresa_nome,
      cnpj: r.cnpj,
      fuso: r.fuso,
      horaVirada: r.hora_virada,
      skuPrefixo: r.sku_prefixo,
      regimeTributario: r.regime_tributario,
      contribuinteIpi: r.contribuinte_ipi,
      suspensa: r.suspensa,
    },
  };
}

/**
 * Writes a batch of last-use instants in one statement. Several uses of one token collapse to
 * the latest, and `greatest` never moves `ultimo_uso_em` back, so batches flushed out of order
 * by different instances are harmless. Rows are locked in id order first, so two instances
 * flushing overlapping batches at once cannot deadlock.
 */
export async function recordLastUse(
  db: Queryable,
  uses: ReadonlyArray<{ tokenId: string; at: Date }>,
): Promise<void> {
  if (uses.length === 0) return;
  await db.query(
    `WITH latest AS (
       SELECT id, max(at) AS at FROM unnest($1::uuid[], $2::timestamptz[]) AS x(id, at) GROUP BY id
     ), locked AS (
       SELECT t.id, latest.at FROM tokens t JOIN latest ON latest.id = t.id
        WHERE t.ultimo_uso_em IS NULL OR t.ultimo_uso_em < latest.at
        ORDER BY t.id FOR UPDATE OF t
     )
     UPDATE tokens t SET ultimo_uso_em = greatest(t.ultimo_uso_em, locked.at)
       FROM locked WHERE t.id = locked.id`,
    [uses.map((u) => u.tokenId), uses.map((u) => u.at)],
  );
}
