/** Collects the values of a query being built and names their placeholders. */
export class SqlValues {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A timestamptz as keyset text: UTC with microseconds, PostgreSQL's own precision, so a cursor
 * resumes exactly after its row (a JavaScript Date would keep milliseconds only).
 */
export const instantKeySql = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** When a list is read: the caller's clock and the stabilisation window. */
export interface ListWindow {
  now: Date;
  windowSeconds: number;
}

/**
 * The stabilisation cut of invariant 7: min(now, the build's watermark) - window. Rows are
 * shown only when strictly older. Taken in the page's own statement, so the watermark and the
 * rows come from one snapshot; null (nothing shown) while the build was never at the head.
 */
export function stabilizationCutSql(sql: SqlValues, checkpointName: string, window: ListWindow): string {
  return `(SELECT least(${sql.add(window.now)}::timestamptz, c.watermark)
                  - make_interval(secs => ${sql.add(window.windowSeconds)}::double precision)
             FROM projection_checkpoints c WHERE c.name = ${sql.add(checkpointName)})`;
}
