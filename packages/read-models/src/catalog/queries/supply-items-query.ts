import type { Pool, PoolClient } from '@factory/database';
import { instantKeySql } from '../../lists/list-sql.js';
import { type CatalogPageQuery, catalogPageSql } from './catalog-page-sql.js';

export interface SupplyItemFilters {
  atualizadoDesde?: string;
  sku?: string;
  ativo?: boolean;
  familia?: string;
  incluirExcluidos: boolean;
}

/** A catalogo_insumos row as read; costs still present (the route nulls them). */
export interface SupplyItemRow {
  id: string;
  sku: string;
  nome: string;
  familia: string | null;
  ativo: boolean;
  unidade_compra: string;
  unidade_consumo: string;
  fator_conversao: number;
  ncm: string | null;
  minimo: number | null;
  lead_time_dias: number | null;
  fornecedor_padrao_id: string | null;
  saldo: number;
  custo_medio: number | null;
  custo_medio_bruto: number | null;
  custo_referencia: number | null;
  criado_em: Date;
  /** Keyset text of atualizado_em. */
  atualizado_em: string;
  excluido_em: Date | null;
}

const SELECT = `t.id, t.sku, t.nome, t.familia, t.ativo, t.unidade_compra, t.unidade_consumo,
  t.fator_conversao, t.ncm, t.minimo, t.lead_time_dias, t.fornecedor_padrao_id, t.saldo, t.custo_medio,
  t.custo_medio_bruto, t.custo_referencia, t.criado_em, t.excluido_em`;

/** One page of GET /v1/insumos. */
export function supplyItemsPageSql(query: CatalogPageQuery<SupplyItemFilters>) {
  const f = query.filters;
  return catalogPageSql(query, {
    from: 'catalogo_insumos t',
    select: SELECT,
    key: 'id',
    equals: [
      ['sku', f.sku, 'text'],
      ['ativo', f.ativo, 'boolean'],
      ['familia', f.familia, 'text'],
    ],
    atualizadoDesde: f.atualizadoDesde,
    incluirExcluidos: f.incluirExcluidos,
  });
}

export async function listSupplyItems(db: Pool | PoolClient, query: CatalogPageQuery<SupplyItemFilters>) {
  const { text, values } = supplyItemsPageSql(query);
  return (await db.query<SupplyItemRow>(text, values)).rows;
}

/** GET /v1/insumos/{id}: deleted ones too, no stabilisation window. */
export async function findSupplyItem(db: Pool | PoolClient, empresaId: string, id: string) {
  const { rows } = await db.query<SupplyItemRow>(
    `SELECT ${SELECT}, ${instantKeySql('t.atualizado_em')} AS atualizado_em
       FROM catalogo_insumos t WHERE t.empresa_id = $1 AND t.id = $2`,
    [empresaId, id],
  );
  return rows[0] ?? null;
}
