import type { Pool, PoolClient } from '@factory/database';
import { instantKeySql } from '../../lists/list-sql.js';
import { type CatalogPageQuery, catalogPageSql } from './catalog-page-sql.js';

export interface BillFilters {
  atualizadoDesde?: string;
  produtoId?: string;
}

/** A line as stored for display: both ids present, the one that does not apply null. */
export interface BillLineRow {
  id: string;
  tipo: 'insumo' | 'produto';
  insumo_id: string | null;
  componente_id: string | null;
  consumo: number;
  unidade: string;
  perda_pct: number;
}

/** An active bill as read; `custo` still present (the route nulls it). */
export interface BillRow {
  produto_id: string;
  versao: number;
  versao_id: string;
  linhas: BillLineRow[];
  /** The product's unrounded bill cost, rounded to 4 places (the Ficha's presentation). */
  custo: number | null;
  /** Keyset text of atualizado_em: the version's creation instant. */
  atualizado_em: string;
}

// The cost lives on the product (one roll-up writes it); the bill reads it by primary key.
const FROM = `catalogo_fichas t
  LEFT JOIN catalogo_produtos p ON p.empresa_id = t.empresa_id AND p.id = t.produto_id`;
const SELECT = 't.produto_id, t.versao, t.versao_id, t.linhas, round(p.custo_exato, 4) AS custo';

/** One page of GET /v1/fichas: only active bills (the only ones kept), by (atualizado_em, versao_id). */
export function billsPageSql(query: CatalogPageQuery<BillFilters>) {
  return catalogPageSql(query, {
    from: FROM,
    select: SELECT,
    key: 'versao_id',
    equals: [['produto_id', query.filters.produtoId, 'uuid']],
    atualizadoDesde: query.filters.atualizadoDesde,
  });
}

export async function listBills(db: Pool | PoolClient, query: CatalogPageQuery<BillFilters>) {
  const { text, values } = billsPageSql(query);
  return (await db.query<BillRow>(text, values)).rows;
}

/** GET /v1/fichas/{produto_id}: the product's active bill, or null; no stabilisation window. */
export async function findBill(db: Pool | PoolClient, empresaId: string, produtoId: string) {
  const { rows } = await db.query<BillRow>(
    `SELECT ${SELECT}, ${instantKeySql('t.atualizado_em')} AS atualizado_em
       FROM ${FROM} WHERE t.empresa_id = $1 AND t.produto_id = $2`,
    [empresaId, produtoId],
  );
  return rows[0] ?? null;
}
