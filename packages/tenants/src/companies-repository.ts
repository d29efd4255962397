import type { TaxProfile } from '@factory/domain';
import type { Queryable } from './db.js';

export interface CompanyRow extends TaxProfile {
  id: string;
  nome: string;
  cnpj: string;
  fuso: string;
  horaVirada: string;
  skuPrefixo: string;
}

export async function insertCompany(db: Queryable, c: CompanyRow): Promise<void> {
  await db.query(
    `INSERT INTO empresas (id, nome, cnpj, fuso, hora_virada, sku_prefixo, regime_tributario, contribuinte_ipi)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [c.id, c.nome, c.cnpj, c.fuso, c.horaVirada, c.skuPrefixo, c.regimeTributario, c.contribuinteIpi],
  );
}

export async function insertUnits(db: Queryable, empresaId: string, codes: readonly string[]): Promise<void> {
  await db.query('INSERT INTO unidades (empresa_id, codigo) SELECT $1, unnest($2::text[])', [
    empresaId,
    codes,
  ]);
}

/** False when no company has this id. */
export async function setCompanySuspended(db: Queryable, id: string, suspensa: boolean): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE empresas SET suspensa = $2 WHERE id = $1', [id, suspensa]);
  return rowCount === 1;
}

/** Sets the given parts of the profile and answers the whole of it; null when no company has this id. */
export async function updateTaxProfile(
  db: Queryable,
  id: string,
  change: Partial<TaxProfile>,
): Promise<TaxProfile | null> {
  const { rows } = await db.query<{
    regime_tributario: TaxProfile['regimeTributario'];
    contribuinte_ipi: boolean;
  }>(
    `UPDATE empresas SET regime_tributario = coalesce($2, regime_tributario),
                         contribuinte_ipi = coalesce($3, contribuinte_ipi)
      WHERE id = $1
      RETURNING regime_tributario, contribuinte_ipi`,
    [id, change.regimeTributario ?? null, change.contribuinteIpi ?? null],
  );
  const r = rows[0];
  return r ? { regimeTributario: r.regime_tributario, contribuinteIpi: r.contribuinte_ipi } : null;
}

export async function companyExists(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM empresas WHERE id = $1', [id]);
  return rowCount === 1;
}

/** Row lock that serialises the token writes of one company until the transaction ends. */
export async function lockCompany(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM empresas WHERE id = $1 FOR UPDATE', [id]);
  return rowCount === 1;
}

export async function findCompanyId(
  db: Queryable,
  where: { nome: string; cnpj: string; skuPrefixo: string },
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM empresas WHERE nome = $1 AND cnpj = $2 AND sku_prefixo = $3 ORDER BY criado_em, id LIMIT 1',
    [where.nome, where.cnpj, where.skuPrefixo],
  );
  return rows[0]?.id ?? null;
}
