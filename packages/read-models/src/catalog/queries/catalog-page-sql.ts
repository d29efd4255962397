import { instantKeySql, type ListWindow, SqlValues, stabilizationCutSql } from '../../lists/list-sql.js';

/** The keyset of every catalog list: atualizado_em as microsecond UTC text, then the row's id. */
export type CatalogKeyset = [atualizadoEm: string, id: string];

export interface CatalogPageQuery<F> {
  empresaId: string;
  filters: F;
  window: ListWindow;
  after: CatalogKeyset | null;
  limit: number;
}

/** The least uuid: `(instant, NIL_UUID)` is the first keyset at that instant. */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Whose checkpoint's watermark cuts the catalog lists (invariant 7). */
export const CATALOG_CHECKPOINT = 'catalogo';

interface PageSpec {
  /** `FROM` clause, the listed table aliased `t`. */
  from: string;
  /** The selected columns (the keyset column must come out as `atualizado_em` keyset text). */
  select: string;
  /** The tie-break column of the order, unique within a company. */
  key: string;
  /** Exact filters: column, value, SQL type. Undefined values are left out. */
  equals: Array<[column: string, value: unknown, type: string]>;
  atualizadoDesde?: string;
  /** false: deleted rows are hidden (the default of the lists that can hold them). */
  incluirExcluidos?: boolean;
  /** The projection whose watermark cuts the list: the catalog's unless told (purchases use it too). */
  checkpoint?: string;
}

/**
 * One stabilised keyset page of a catalog table (or of a read model listed the same way: purchase
 * orders, invoices), ordered by (atualizado_em, key) within the company: every filter is an
 * equality or a bound that the matching index serves, so a page is an index range scan without a
 * sort (page-plans.int.test.ts).
 */
export function catalogPageSql<F>(
  query: CatalogPageQuery<F>,
  spec: PageSpec,
): { text: string; values: unknown[] } {
  const sql = new SqlValues();
  const where = [
    `t.empresa_id = ${sql.add(query.empresaId)}::uuid`,
    `t.atualizado_em < ${stabilizationCutSql(sql, spec.checkpoint ?? CATALOG_CHECKPOINT, query.window)}`,
  ];
  if (spec.incluirExcluidos === false) where.push('t.excluido_em IS NULL');
  for (const [column, value, type] of spec.equals)
    if (value !== undefined) where.push(`t.${column} = ${sql.add(value)}::${type}`);
  // The lower bound is one row comparison: a cursor (issued for the same filters, so at or after
  // atualizado_desde) or atualizado_desde itself. Written as `atualizado_em >= $x` beside the cut
  // (`atualizado_em < subquery`) the planner would price the pair as a range of unknown width,
  // estimate a handful of rows and sometimes prefer a bitmap scan and a sort.
  if (query.after) {
    const [at, id] = query.after;
    where.push(`(t.atualizado_em, t.${spec.key}) > (${sql.add(at)}::timestamptz, ${sql.add(id)}::uuid)`);
  } else if (spec.atualizadoDesde !== undefined) {
    where.push(
      `(t.atualizado_em, t.${spec.key}) >= (${sql.add(spec.atualizadoDesde)}::timestamptz, '${NIL_UUID}')`,
    );
  }
  const text = `SELECT ${spec.select}, ${instantKeySql('t.atualizado_em')} AS atualizado_em
                  FROM ${spec.from}
                 WHERE ${where.join('\n   AND ')}
                 ORDER BY t.atualizado_em, t.${spec.key}
                 LIMIT ${sql.add(query.limit)}`;
  return { text, values: sql.values };
}
