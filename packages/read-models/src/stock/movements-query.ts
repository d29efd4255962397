import type { Pool, PoolClient } from '@factory/database';
import { instantKeySql, type ListWindow, SqlValues, stabilizationCutSql } from '../lists/list-sql.js';
import { stockProjection } from './stock-projection.js';

export interface MovementFilters {
  /** Inclusive lower bound on criado_em, as UTC text PostgreSQL reads exactly. */
  desde?: string;
  insumoId?: string;
  localId?: string;
  tipo?: string;
}

/** The list's keyset: criado_em as microsecond UTC text, then id. */
export type MovementKeyset = [criadoEm: string, id: string];

export interface MovementPageQuery {
  empresaId: string;
  filters: MovementFilters;
  window: ListWindow;
  after: MovementKeyset | null;
  limit: number;
}

/** A row of GET /v1/estoque/movimentos, costs still present (the route nulls them). */
export interface MovementListRow {
  id: string;
  insumo_id: string;
  local_id: string;
  tipo: string;
  quantidade: number;
  unidade: string;
  custo_unitario: number;
  referencia: string | null;
  motivo: string | null;
  origem: string;
  /** Keyset text of criado_em. */
  criado_em: string;
}

/**
 * One page of a company's movements by (criado_em, id), stabilised. Each filter has an index
 * led by (empresa_id, <filter>, criado_em, id), so a page is a bounded index range scan.
 */
export function movementsPageSql(query: MovementPageQuery): { text: string; values: unknown[] } {
  const sql = new SqlValues();
  const where = [
    `m.empresa_id = ${sql.add(query.empresaId)}`,
    `m.criado_em < ${stabilizationCutSql(sql, stockProjection.name, query.window)}`,
  ];
  const { desde, insumoId, localId, tipo } = query.filters;
  if (desde !== undefined) where.push(`m.criado_em >= ${sql.add(desde)}::timestamptz`);
  if (insumoId !== undefined) where.push(`m.insumo_id = ${sql.add(insumoId)}::uuid`);
  if (localId !== undefined) where.push(`m.local_id = ${sql.add(localId)}::uuid`);
  if (tipo !== undefined) where.push(`m.tipo = ${sql.add(tipo)}`);
  if (query.after)
    where.push(
      `(m.criado_em, m.id) > (${sql.add(query.after[0])}::timestamptz, ${sql.add(query.after[1])}::uuid)`,
    );
  const text = `SELECT m.id, m.insumo_id, m.local_id, m.tipo, m.quantidade, m.unidade, m.custo_unitario,
                       m.referencia, m.motivo, m.origem, ${instantKeySql('m.criado_em')} AS criado_em
                  FROM estoque_movimentos m
                 WHERE ${where.join('\n   AND ')}
                 ORDER BY m.criado_em, m.id
                 LIMIT ${sql.add(query.limit)}`;
  return { text, values: sql.values };
}

export async function listMovements(
  db: Pool | PoolClient,
  query: MovementPageQuery,
): Promise<MovementListRow[]> {
  const { text, values } = movementsPageSql(query);
  return (await db.query<MovementListRow>(text, values)).rows;
}
