import type { Pool, PoolClient } from '@factory/database';
import { instantKeySql } from '../../lists/list-sql.js';
import { type CatalogPageQuery, catalogPageSql } from './catalog-page-sql.js';

export interface ProductFilters {
  /** Inclusive lower bound on atualizado_em, as UTC text PostgreSQL reads exactly. */
  atualizadoDesde?: string;
  sku?: string;
  status?: string;
  familia?: string;
  tipo?: string;
  incluirExcluidos: boolean;
}

/** A catalogo_produtos row as read (numbers as numbers; costs still present: the route nulls them). */
export interface ProductRow {
  id: string;
  sku: string;
  nome: string;
  familia: string | null;
  atributos: Record<string, string | number | boolean>;
  ean: string | null;
  ncm: string | null;
  status: 'ativo' | 'inativo';
  tipo: 'produto' | 'kit';
  apelidos: string[];
  tem_ficha: boolean;
  peso_kg: number | null;
  peso_cubado_kg: number | null;
  largura_cm: number | null;
  altura_cm: number | null;
  comprimento_cm: number | null;
  ipi_pct: number | null;
  icms_pct: number | null;
  importado: boolean;
  variacao_grupo_id: string | null;
  variacao_base: boolean | null;
  variacao_eixos: string[] | null;
  custo_ficha: number | null;
  custo_ficha_bruto: number | null;
  custo_manual: number | null;
  criado_em: Date;
  /** Keyset text of atualizado_em (microseconds, UTC). */
  atualizado_em: string;
  excluido_em: Date | null;
}

const SELECT = `t.id, t.sku, t.nome, t.familia, t.atributos, t.ean, t.ncm, t.status, t.tipo, t.apelidos,
  t.tem_ficha, t.peso_kg, t.peso_cubado_kg, t.largura_cm, t.altura_cm, t.comprimento_cm, t.ipi_pct,
  t.icms_pct, t.importado, t.variacao_grupo_id, t.variacao_base, t.variacao_eixos, t.custo_ficha,
  t.custo_ficha_bruto, t.custo_manual, t.criado_em, t.excluido_em`;

/** One page of GET /v1/produtos. */
export function productsPageSql(query: CatalogPageQuery<ProductFilters>) {
  const f = query.filters;
  return catalogPageSql(query, {
    from: 'catalogo_produtos t',
    select: SELECT,
    key: 'id',
    equals: [
      ['sku', f.sku, 'text'],
      ['status', f.status, 'text'],
      ['familia', f.familia, 'text'],
      ['tipo', f.tipo, 'text'],
    ],
    atualizadoDesde: f.atualizadoDesde,
    incluirExcluidos: f.incluirExcluidos,
  });
}

export async function listProducts(db: Pool | PoolClient, query: CatalogPageQuery<ProductFilters>) {
  const { text, values } = productsPageSql(query);
  return (await db.query<ProductRow>(text, values)).rows;
}

/** GET /v1/produtos/{id}: deleted ones too, no stabilisation window. */
export async function findProduct(db: Pool | PoolClient, empresaId: string, id: string) {
  const { rows } = await db.query<ProductRow>(
    `SELECT ${SELECT}, ${instantKeySql('t.atualizado_em')} AS atualizado_em
       FROM catalogo_produtos t WHERE t.empresa_id = $1 AND t.id = $2`,
    [empresaId, id],
  );
  return rows[0] ?? null;
}
