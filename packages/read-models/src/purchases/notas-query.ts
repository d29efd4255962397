import type { Pool, PoolClient } from '@factory/database';
import { catalogPageSql } from '../catalog/queries/catalog-page-sql.js';
import { instantKeySql, type ListWindow } from '../lists/list-sql.js';
import { PURCHASES_CHECKPOINT } from './purchases-projection.js';

export interface NotaFilters {
  /** Inclusive lower bound on atualizado_em, as UTC text PostgreSQL reads exactly. */
  atualizadoDesde?: string;
  fornecedorId?: string;
  chave?: string;
  situacao?: string;
}

/** The list's keyset: atualizado_em as microsecond UTC text, then id. */
export type NotaKeyset = [atualizadoEm: string, id: string];

export interface NotaPageQuery {
  empresaId: string;
  filters: NotaFilters;
  window: ListWindow;
  after: NotaKeyset | null;
  limit: number;
}

export interface NotaItemRow {
  n_item: number;
  codigo: string;
  descricao: string;
  ncm: string | null;
  cfop: string | null;
  unidade: string;
  quantidade: string;
  insumo_id: string;
  fator: string;
  quantidade_consumo: string;
  custo_unitario: string;
  custo_unitario_bruto: string;
  creditos: string;
  movimento_id: string;
}

/** A received invoice with its items in nItem order; decimals as text, instants as keyset text. */
export interface NotaRow {
  id: string;
  chave: string;
  modelo: number;
  serie: number;
  numero: number;
  emitida_em: string;
  ambiente: string;
  fornecedor_id: string;
  emitente_cnpj: string;
  pedido_id: string | null;
  local_id: string;
  situacao: string;
  valor_total: string;
  itens: NotaItemRow[];
  criado_em: string;
  atualizado_em: string;
}

// The items come with their header, in the page's own statement (one snapshot). The keyset's
// atualizado_em is added by catalogPageSql, the one builder of lists by (atualizado_em, id).
const COLUMNS = `t.id, t.chave, t.modelo, t.serie, t.numero, ${instantKeySql('t.emitida_em')} AS emitida_em, t.ambiente,
       t.fornecedor_id, t.emitente_cnpj, t.pedido_id, t.local_id, t.situacao, t.valor_total::text AS valor_total,
       (SELECT coalesce(json_agg(json_build_object(
                 'n_item', i.n_item, 'codigo', i.codigo, 'descricao', i.descricao, 'ncm', i.ncm, 'cfop', i.cfop,
                 'unidade', i.unidade, 'quantidade', i.quantidade::text, 'insumo_id', i.insumo_id,
                 'fator', i.fator::text, 'quantidade_consumo', i.quantidade_consumo::text,
                 'custo_unitario', i.custo_unitario::text, 'custo_unitario_bruto', i.custo_unitario_bruto::text,
                 'creditos', i.creditos::text, 'movimento_id', i.movimento_id)
               ORDER BY i.n_item), '[]')
          FROM compras_nota_itens i WHERE i.empresa_id = t.empresa_id AND i.nota_id = t.id) AS itens,
       ${instantKeySql('t.criado_em')} AS criado_em`;

/** One page of a company's invoices by (atualizado_em, id), stabilised; each filter has its index. */
export function notasPageSql(query: NotaPageQuery): { text: string; values: unknown[] } {
  const { atualizadoDesde, fornecedorId, chave, situacao } = query.filters;
  return catalogPageSql(query, {
    from: 'compras_notas t',
    select: COLUMNS,
    key: 'id',
    equals: [
      ['fornecedor_id', fornecedorId, 'uuid'],
      ['chave', chave, 'text'],
      ['situacao', situacao, 'text'],
    ],
    atualizadoDesde,
    checkpoint: PURCHASES_CHECKPOINT,
  });
}

export async function listNotas(db: Pool | PoolClient, query: NotaPageQuery): Promise<NotaRow[]> {
  const { text, values } = notasPageSql(query);
  return (await db.query<NotaRow>(text, values)).rows;
}

/** One invoice of the company, also a cancelled one, or null. No window (a by-id read). */
export async function findNota(
  db: Pool | PoolClient,
  empresaId: string,
  id: string,
): Promise<NotaRow | null> {
  const { rows } = await db.query<NotaRow>(
    `SELECT ${COLUMNS}, ${instantKeySql('t.atualizado_em')} AS atualizado_em
       FROM compras_notas t WHERE t.empresa_id = $1 AND t.id = $2::uuid`,
    [empresaId, id],
  );
  return rows[0] ?? null;
}
