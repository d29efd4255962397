import type { Pool, PoolClient } from '@factory/database';
import { instantKeySql, type ListWindow, SqlValues, stabilizationCutSql } from '../lists/list-sql.js';
import { stockProjection } from './stock-projection.js';

export interface BalanceFilters {
  /** Inclusive lower bound on atualizado_em, as UTC text PostgreSQL reads exactly. */
  atualizadoDesde?: string;
  insumoId?: string;
  localId?: string;
}

/** The list's keyset: atualizado_em as microsecond UTC text, then item and location. */
export type BalanceKeyset = [atualizadoEm: string, insumoId: string, localId: string];

export interface BalancePageQuery {
  empresaId: string;
  filters: BalanceFilters;
  window: ListWindow;
  after: BalanceKeyset | null;
  limit: number;
}

/** A row of GET /v1/estoque/saldos, costs still present (the route nulls them). */
export interface BalanceListRow {
  insumo_id: string;
  local_id: string;
  saldo: number;
  unidade: string;
  custo_medio: number;
  valor: number;
  /** Keyset text of atualizado_em. */
  atualizado_em: string;
}

/** One page of a company's balances by (atualizado_em, insumo_id, local_id), stabilised. */
export function balancesPageSql(query: BalancePageQuery): { text: string; values: unknown[] } {
  const sql = new SqlValues();
  const where = [
    `s.empresa_id = ${sql.add(query.empresaId)}`,
    `s.atualizado_em < ${stabilizationCutSql(sql, stockProjection.name, query.window)}`,
  ];
  const { atualizadoDesde, insumoId, localId } = query.filters;
  if (atualizadoDesde !== undefined)
    where.push(`s.atualizado_em >= ${sql.add(atualizadoDesde)}::timestamptz`);
  if (insumoId !== undefined) where.push(`s.insumo_id = ${sql.add(insumoId)}::uuid`);
  if (localId !== undefined) where.push(`s.local_id = ${sql.add(localId)}::uuid`);
  if (query.after) {
    const [at, insumo, local] = query.after;
    where.push(
      `(s.atualizado_em, s.insumo_id, s.local_id) > (${sql.add(at)}::timestamptz, ${sql.add(insumo)}::uuid, ${sql.add(local)}::uuid)`,
    );
  }
  const text = `SELECT s.insumo_id, s.local_id, s.saldo, s.unidade, s.custo_medio, s.valor,
                       ${instantKeySql('s.atualizado_em')} AS atualizado_em
                  FROM estoque_saldos s
                 WHERE ${where.join('\n   AND ')}
                 ORDER BY s.atualizado_em, s.insumo_id, s.local_id
                 LIMIT ${sql.add(query.limit)}`;
  return { text, values: sql.values };
}

export async function listBalances(
  db: Pool | PoolClient,
  query: BalancePageQuery,
): Promise<BalanceListRow[]> {
  const { text, values } = balancesPageSql(query);
  return (await db.query<BalanceListRow>(text, values)).rows;
}
