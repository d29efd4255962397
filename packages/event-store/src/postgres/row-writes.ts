import type { AppendWrite } from './append-statement.js';

/**
 * One row for a write that commits with an append, such that rows of the same kind from many
 * commands sharing one append (group commit) go in as one array statement: the statement's text,
 * and so its prepared plan, stays the same whatever the number of commands.
 */
export interface RowWrite<R = unknown> {
  /** The same object for every row of a kind. */
  readonly kind: RowWriteKind<R>;
  readonly row: R;
}

export interface RowWriteKind<R> {
  /** The AppendWrite that writes these rows (never called with none). */
  write(rows: readonly R[]): AppendWrite;
}

/** A row of a kind, as a write of any kind. */
export const rowWrite = <R>(kind: RowWriteKind<R>, row: R): RowWrite => ({
  kind: kind as RowWriteKind<unknown>,
  row,
});

/** One AppendWrite per kind, kinds in the order they first appear. */
export function mergeRowWrites(writes: readonly RowWrite[]): AppendWrite[] {
  const byKind = new Map<RowWriteKind<unknown>, unknown[]>();
  for (const { kind, row } of writes) {
    const rows = byKind.get(kind);
    if (rows) rows.push(row);
    else byKind.set(kind, [row]);
  }
  return [...byKind].map(([kind, rows]) => kind.write(rows));
}
