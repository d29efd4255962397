import { type InlineProjection, type ProjectedRow, projected } from '@factory/event-store';

/**
 * The changes of distinct records (a batch's items decided together, each its own record) as one
 * set of the table, written as one statement; null when an item changes its record more than
 * once, which takes one set per change, in log order.
 */
export function oneSet<R>(
  table: InlineProjection<readonly R[]>,
  changesPerItem: ReadonlyArray<readonly R[]>,
): ProjectedRow[] | null {
  if (changesPerItem.some((changes) => changes.length > 1)) return null;
  const rows = changesPerItem.flat();
  return rows.length > 0 ? [projected(table, rows)] : [];
}
