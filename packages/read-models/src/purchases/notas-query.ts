import type { Pool, PoolClient } from '@factory/database';
import { instantKeySql, type ListWindow, SqlValues, stabilizationCutSql } from '../lists/list-sql.js';
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

// The items come with their header, in the page's own statement (one snapshot).
const COLUMNS = `n.id, n.chave, n.modelo, n.serie, n.numero, ${instantKeySql('n.emitida_em')} AS emitida_em, n.ambiente,
       n.fornecedor_id, n.emitente_cnpj, n.pedido_id, n.local_id, n.situacao, n.valor_total::text AS valor_total,
       (SELECT coalesce(json_agg(json_build_object(
                 'n_item', i.n_item, 'codigo', i.codigo, 'descricao', i.descricao, 'ncm', i.ncm, 'cfop', i.cfop,
                 'unidade', i.unidade, 'quantidade', i.quantidade::text, 'insumo_id', i.insumo_id,
                 'fator', i.fator::text, 'quantidade_consumo', i.quantidade_consumo::text,
                 'custo_unitario', i.custo_unitario::text, 'custo_unitario_bruto', i.custo_unitario_bruto::text,
                 'creditos', i.creditos::text, 'movimento_id', i.movimento_id)
               ORDER BY i.n_item), '[]')
          FROM compras_nota_itens i WHERE i.empresa_id = n.empresa_id AND i.nota_id = n.id) AS itens,
       ${instantKeySql('n.criado_em')} AS criado_em, ${instantKeySql('n.atualizado_em')} AS atualizado_em`;

/** One page of a company's invoices by (atualizado_em, id), stabilised; each filter has its index. */
export function notasPageSql(query: NotaPageQuery): { text: string; values: unknown[] } {
  const sql = new SqlValues();
  const where = [
    `n.empresa_id = ${sql.add(query.empresaId)}`,
    `n.atualizado_em < ${stabilizationCutSql(sql, PURCHASES_CHECKPOINT, query.window)}`,
  ];
  const { atualizadoDesde, fornecedorId, chave, situacao } = query.filters;
  if (atualizadoDesde !== undefined)
    where.push(`n.atualizado_em >= ${sql.add(atualizadoDesde)}::timestamptz`);
  if (fornecedorId !== undefined) where.push(`n.fornecedor_id = ${sql.add(fornecedorId)}::uuid`);
  if (chave !== undefined) where.push(`n.chave = ${sql.add(chave)}`);
  if (situacao !== undefined) where.push(`n.situacao = ${sql.add(situacao)}`);
  if (query.after)
    where.push(
      `(n.atualizado_em, n.id) > (${sql.add(query.after[0])}::timestamptz, ${sql.add(query.after[1])}::uuid)`,
    );
  const text = `SELECT ${COLUMNS} FROM compras_notas n
                 WHERE ${where.join('\n   AND ')}
                 ORDER BY n.atualizado_em, n.id
                 LIMIT ${sql.add(query.limit)}`;
  return { text, values: sql.values };
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
    `SELECT ${COLUMNS} FROM compras_notas n WHERE n.empresa_id = $1 AND n.id = $2::uuid`,
    [empresaId, id],
  );
  return rows[0] ?? null;
}
