import type { Pool, PoolClient } from '@factory/database';
import { instantKeySql } from '../../lists/list-sql.js';
import { type CatalogPageQuery, catalogPageSql } from './catalog-page-sql.js';

export interface SupplierFilters {
  atualizadoDesde?: string;
  ativo?: boolean;
  /** 14 digits: the route turns anything else into `semCnpj`. */
  cnpj?: string;
  /** The cnpj filter can match nothing (an individual's tax id, or not 14 digits). */
  semCnpj?: boolean;
  incluirExcluidos: boolean;
}

/** A catalogo_fornecedores row as read: no tax id of an individual, contact or e-mail is kept at all. */
export interface SupplierRow {
  id: string;
  nome: string;
  cnpj: string | null;
  regime: 'simples' | 'normal' | null;
  uf: string | null;
  lead_time_dias: number | null;
  condicao_pagamento: number[] | null;
  ativo: boolean;
  criado_em: Date;
  /** Keyset text of atualizado_em. */
  atualizado_em: string;
  excluido_em: Date | null;
}

const SELECT = `t.id, t.nome, t.cnpj, t.regime, t.uf, t.lead_time_dias, t.condicao_pagamento, t.ativo,
  t.criado_em, t.excluido_em`;

/** One page of GET /v1/fornecedores. */
export function suppliersPageSql(query: CatalogPageQuery<SupplierFilters>) {
  const f = query.filters;
  return catalogPageSql(query, {
    from: 'catalogo_fornecedores t',
    select: SELECT,
    key: 'id',
    equals: [
      ['ativo', f.ativo, 'boolean'],
      ['cnpj', f.cnpj, 'text'],
    ],
    atualizadoDesde: f.atualizadoDesde,
    incluirExcluidos: f.incluirExcluidos,
  });
}

export async function listSuppliers(db: Pool | PoolClient, query: CatalogPageQuery<SupplierFilters>) {
  if (query.filters.semCnpj) return [];
  const { text, values } = suppliersPageSql(query);
  return (await db.query<SupplierRow>(text, values)).rows;
}

/** GET /v1/fornecedores/{id}: deleted ones too, no stabilisation window. */
export async function findSupplier(db: Pool | PoolClient, empresaId: string, id: string) {
  const { rows } = await db.query<SupplierRow>(
    `SELECT ${SELECT}, ${instantKeySql('t.atualizado_em')} AS atualizado_em
       FROM catalogo_fornecedores t WHERE t.empresa_id = $1 AND t.id = $2`,
    [empresaId, id],
  );
  return rows[0] ?? null;
}
