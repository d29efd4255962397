/** How a table's changes fold: see collapsedRecords. */
export interface RecordChanges<R> {
  recordOf(row: R): string;
  /** The row inserts the record (its first change). */
  creates(row: R): boolean;
  /** Fields whose null keeps the record's value (`coalesce`), as undefined does for every field. */
  nullKeeps: readonly (keyof R)[];
  /**
   * What a record that existed before the batch frees of its final change (its deletion, a
   * unique value it gives up, cleared), or null: a unique value it frees, another record may
   * take in the same batch.
   */
  frees(final: R): R | null;
}

/**
 * The changes of a batch of the log to one table's records, in log order (each record's changes
 * as sets of one row, as `rowsOf` gives them), as three sets, each with a record at most once,
 * that leave every record as the changes one by one would:
 * 1. what records that existed before free (deletions, unique values given up);
 * 2. the records created, with their final values (the insert of a record already there does
 *    nothing, as one by one);
 * 3. every record's later changes, folded (the last given value of each field).
 * A unique value is then never written while another record still holds it: one it gave up is
 * freed by (1) before any is set, and in (2) and (3) every record holds its final value or none,
 * and the final values do not collide (one by one, they were written).
 */
export function collapsedRecords<R extends object>(
  sets: readonly (readonly R[])[],
  changes: RecordChanges<R>,
): R[][] {
  const byRecord = new Map<string, R[]>();
  for (const row of sets.flat()) {
    const key = changes.recordOf(row);
    const list = byRecord.get(key);
    if (list) list.push(row);
    else byRecord.set(key, [row]);
  }
  const freed: R[] = [];
  const created: R[] = [];
  const changed: R[] = [];
  for (const rows of byRecord.values()) {
    const creates = changes.creates(rows[0]!);
    if (creates) created.push(rows.reduce((a, b) => folded(a, b, changes.nullKeeps)));
    const later = creates ? rows.slice(1) : rows;
    if (later.length === 0) continue;
    const final = later.reduce((a, b) => folded(a, b, changes.nullKeeps));
    changed.push(final);
    const frees = creates ? null : changes.frees(final);
    if (frees !== null) freed.push(frees);
  }
  return [freed, created, changed];
}

/** `later`'s given fields over `row`'s. */
function folded<R extends object>(row: R, later: R, nullKeeps: readonly (keyof R)[]): R {
  const out = { ...row };
  for (const [field, value] of Object.entries(later) as [keyof R, R[keyof R]][])
    if (value !== undefined && !(value === null && nullKeeps.includes(field))) out[field] = value;
  return out;
}
