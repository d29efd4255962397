/**
 * The rows of a projection's sets as one list, each record once: one statement cannot apply two
 * changes of one record in order (a caller that groups must keep them apart).
 */
export function distinctRecords<R>(
  table: string,
  sets: readonly (readonly R[])[],
  recordOf: (row: R) => string,
): R[] {
  const rows = sets.flat();
  const records = new Set(rows.map(recordOf));
  if (records.size !== rows.length) throw new Error(`${table}: two changes of one record in one statement`);
  return rows;
}
