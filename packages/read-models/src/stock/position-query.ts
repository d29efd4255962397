import type { Pool, PoolClient } from '@factory/database';
import { instantKeySql, type ListWindow, SqlValues, stabilizationCutSql } from '../lists/list-sql.js';
import { stockProjection } from './stock-projection.js';

export interface PositionFilters {
  /** The instant asked for, as UTC text PostgreSQL reads exactly; absent: now. */
  instante?: string;
  /** Only movements strictly before the instant (the end of a production day, whose turn starts the next). */
  antesDe?: boolean;
  insumoId?: string;
  localId?: string;
}

/**
 * The list's keyset: the instant the position was taken at (the same on every page, so a
 * traversal reads one position), then the pair.
 */
export type PositionKeyset = [em: string, insumoId: string, localId: string];

export interface PositionPageQuery {
  empresaId: string;
  filters: PositionFilters;
  window: ListWindow;
  after: PositionKeyset | null;
  limit: number;
}

/** A row of GET /v1/estoque/posicao, costs still present (the route nulls them). */
export interface PositionRow {
  insumo_id: string;
  local_id: string;
  saldo: number;
  unidade: string;
  custo_medio: number;
  valor: number;
  /** Keyset text of the pair's last movement's criado_em. */
  ultimo_movimento_em: string;
  /** Keyset text of the instant the position was taken at. */
  em: string;
}

export interface PositionPage {
  /** Keyset text of the instant, after the stabilisation cut. */
  em: string;
  rows: PositionRow[];
}

/**
 * One page of the stock position of a company at an instant, by (insumo_id, local_id).
 *
 * The instant is the one asked for (now by default), cut at min(now, watermark) − window like
 * every list, in the page's own statement; a cursor page reuses its first page's instant. The
 * pairs come from estoque_saldos in key order (a range of its primary key, or of
 * estoque_saldos_local_insumo with a location), and each pair's state at the instant is its last
 * ledger row at or before it in ledger order (criado_em, then stream revision): one backward
 * step of estoque_movimentos_posicao_ultimo, whose included columns answer without reading the
 * table. A pair with no movement by then is skipped.
 */
export function positionPageSql(query: PositionPageQuery): { text: string; values: unknown[] } {
  const sql = new SqlValues();
  const empresa = sql.add(query.empresaId);
  const { antesDe, insumoId, localId } = query.filters;
  const instant = query.after
    ? `${sql.add(query.after[0])}::timestamptz AS em, true AS shown`
    : firstPageInstant(sql, query);
  const where = [`s.empresa_id = ${empresa}`];
  if (insumoId !== undefined) where.push(`s.insumo_id = ${sql.add(insumoId)}::uuid`);
  if (localId !== undefined) where.push(`s.local_id = ${sql.add(localId)}::uuid`);
  if (query.after) {
    where.push(
      `(s.insumo_id, s.local_id) > (${sql.add(query.after[1])}::uuid, ${sql.add(query.after[2])}::uuid)`,
    );
  }
  // With a location filter, order by (local_id, insumo_id): equal to (insumo_id, local_id) for
  // one location, and it lets the planner walk estoque_saldos_local_insumo. The outer ORDER BY
  // only sorts the page (a lateral join promises no order).
  const order = localId !== undefined ? 's.local_id, s.insumo_id' : 's.insumo_id, s.local_id';
  const text = `WITH instant AS (SELECT ${instant})
                SELECT ${instantKeySql('i.em')} AS em, p.*
                  FROM instant i
                  LEFT JOIN LATERAL (
                    SELECT s.insumo_id, s.local_id, m.saldo_apos AS saldo, s.unidade,
                           m.custo_medio_apos AS custo_medio, round(m.saldo_apos * m.custo_medio_apos, 2) AS valor,
                           ${instantKeySql('m.criado_em')} AS ultimo_movimento_em
                      FROM estoque_saldos s
                     CROSS JOIN LATERAL (
                           SELECT l.saldo_apos, l.custo_medio_apos, l.criado_em FROM estoque_movimentos l
                            WHERE l.empresa_id = s.empresa_id AND l.local_id = s.local_id
                              AND l.insumo_id = s.insumo_id AND l.criado_em ${antesDe ? '<' : '<='} i.em
                            ORDER BY l.criado_em DESC, l.revisao DESC
                            LIMIT 1) m
                     WHERE i.shown AND ${where.join('\n   AND ')}
                     ORDER BY ${order}
                     LIMIT ${sql.add(query.limit)}) p ON true
                 ORDER BY p.insumo_id, p.local_id`;
  return { text, values: sql.values };
}

/** The instant asked for (now by default), cut; and whether anything may be shown. */
function firstPageInstant(sql: SqlValues, query: PositionPageQuery): string {
  const { instante } = query.filters;
  const cut = stabilizationCutSql(sql, stockProjection.name, query.window);
  const now = sql.add(query.window.now);
  const asked = instante === undefined ? `${now}::timestamptz` : `${sql.add(instante)}::timestamptz`;
  const window = sql.add(query.window.windowSeconds);
  // Never at the head: the cut is null and nothing is shown, but the instant is still told.
  return `least(${asked}, coalesce(${cut}, ${now}::timestamptz - make_interval(secs => ${window}::double precision))) AS em,
          ${cut} IS NOT NULL AS shown`;
}

export async function readPosition(db: Pool | PoolClient, query: PositionPageQuery): Promise<PositionPage> {
  const { text, values } = positionPageSql(query);
  const { rows } = await db.query<PositionRow | (Partial<PositionRow> & { em: string; insumo_id: null })>(
    text,
    values,
  );
  return { em: rows[0]!.em, rows: rows.filter((r): r is PositionRow => r.insumo_id !== null) };
}
