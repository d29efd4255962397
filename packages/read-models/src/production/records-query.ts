import type { Pool, PoolClient } from '@factory/database';
import { instantKeySql, type ListWindow, SqlValues, stabilizationCutSql } from '../lists/list-sql.js';

export interface RecordFilters {
  /** Inclusive lower bound on atualizado_em, as UTC text PostgreSQL reads exactly. */
  atualizadoDesde?: string;
  dia?: string;
  produtoId?: string;
}

/** The list's keyset: atualizado_em as microsecond UTC text, then id. */
export type RecordKeyset = [atualizadoEm: string, id: string];

export interface RecordPageQuery {
  empresaId: string;
  filters: RecordFilters;
  window: ListWindow;
  after: RecordKeyset | null;
  limit: number;
}

/** A row of the production records, decimals as text, instants as keyset text. */
export interface RecordRow {
  id: string;
  produto_id: string;
  quantidade: string;
  local_id: string;
  dia: string;
  referencia: string | null;
  motivo: string | null;
  estado: 'registrado' | 'cancelado';
  custo: string;
  movimentos: string[];
  criado_em: string;
  atualizado_em: string;
}

const COLUMNS = `a.id, a.produto_id, a.quantidade::text AS quantidade, a.local_id, to_char(a.dia, 'YYYY-MM-DD') AS dia,
       a.referencia, a.motivo, a.estado, a.custo::text AS custo, a.movimentos,
       ${instantKeySql('a.criado_em')} AS criado_em, ${instantKeySql('a.atualizado_em')} AS atualizado_em`;

/** One page of a company's records by (atualizado_em, id), stabilised; each filter has its index. */
export function recordsPageSql(query: RecordPageQuery): { text: string; values: unknown[] } {
  const sql = new SqlValues();
  const where = [
    `a.empresa_id = ${sql.add(query.empresaId)}`,
    `a.atualizado_em < ${stabilizationCutSql(sql, 'producao', query.window)}`,
  ];
  const { atualizadoDesde, dia, produtoId } = query.filters;
  if (atualizadoDesde !== undefined)
    where.push(`a.atualizado_em >= ${sql.add(atualizadoDesde)}::timestamptz`);
  if (dia !== undefined) where.push(`a.dia = ${sql.add(dia)}::date`);
  if (produtoId !== undefined) where.push(`a.produto_id = ${sql.add(produtoId)}::uuid`);
  if (query.after)
    where.push(
      `(a.atualizado_em, a.id) > (${sql.add(query.after[0])}::timestamptz, ${sql.add(query.after[1])}::uuid)`,
    );
  const text = `SELECT ${COLUMNS} FROM producao_apontamentos a
                 WHERE ${where.join('\n   AND ')}
                 ORDER BY a.atualizado_em, a.id
                 LIMIT ${sql.add(query.limit)}`;
  return { text, values: sql.values };
}

export async function listRecords(db: Pool | PoolClient, query: RecordPageQuery): Promise<RecordRow[]> {
  const { text, values } = recordsPageSql(query);
  return (await db.query<RecordRow>(text, values)).rows;
}

/** One record of the company, or null. No window (a by-id read). */
export async function findRecord(
  db: Pool | PoolClient,
  empresaId: string,
  id: string,
): Promise<RecordRow | null> {
  const { rows } = await db.query<RecordRow>(
    `SELECT ${COLUMNS} FROM producao_apontamentos a WHERE a.empresa_id = $1 AND a.id = $2::uuid`,
    [empresaId, id],
  );
  return rows[0] ?? null;
}
