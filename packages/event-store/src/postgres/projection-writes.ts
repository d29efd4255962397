import type { InlineProjection, ProjectedRow, SqlWrite } from '../write-side.js';

/** An event an append wrote, as a projection's write reads it (`appended`). */
export interface AppendedEvent {
  id: string;
  stream: string;
  revision: number;
  position: number;
}

/** Rows whose order matters: written one by one, after the append's statement (see InlineProjection). */
export const inLogOrder = (row: ProjectedRow): boolean => row.projection.order === 'log';

/**
 * One write per projection, projections in the order they first appear: the rows of many
 * commands sharing one append (group commit) go in as one array statement, so the append's
 * text, and its prepared plan, depends only on which projections are present.
 */
export function mergedWrites(rows: readonly ProjectedRow[]): SqlWrite[] {
  const byProjection = new Map<InlineProjection, unknown[]>();
  for (const { projection, row } of rows) {
    const list = byProjection.get(projection);
    if (list) list.push(row);
    else byProjection.set(projection, [row]);
  }
  return [...byProjection].map(([projection, list]) => projection.write(list));
}

const APPENDED = `appended (stream_id, event_id, stream_revision, position) AS (
  SELECT * FROM unnest($1::text[], $2::uuid[], $3::bigint[], $4::bigint[]))`;

/**
 * A projection's write as a statement of its own (after the append's statement, or after its
 * commit), the events it follows given as `appended` from values: the same SQL serves inside the
 * append's statement and outside it.
 */
export function standalone(
  write: SqlWrite,
  appended: readonly AppendedEvent[],
): { text: string; values: unknown[] } {
  const text = write.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + 4}`);
  // A write that starts with its own WITH (RECURSIVE or not) gets `appended` as one more of its CTEs.
  const leadingWith = /^\s*WITH(\s+RECURSIVE)?\s+/i;
  return {
    text: leadingWith.test(text)
      ? text.replace(leadingWith, (_, recursive?: string) => `WITH${recursive ?? ''} ${APPENDED},\n`)
      : `WITH ${APPENDED}\n${text}`,
    values: [
      appended.map((e) => e.stream),
      appended.map((e) => e.id),
      appended.map((e) => e.revision),
      appended.map((e) => e.position),
      ...write.values,
    ],
  };
}

/** The constraint names of the projections' own unique indexes, with the scope each stands for. */
export function uniqueConstraints(rows: readonly ProjectedRow[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const { projection } of rows)
    for (const [constraint, scope] of Object.entries(projection.uniqueConstraints ?? {}))
      found.set(constraint, scope);
  return found;
}
