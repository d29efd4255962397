import type { Pool } from '@factory/database';
import type { AppendRequest } from '../event-store.js';
import type { SnapshotWrite, SqlWrite, UniquenessChange, WriteGuard } from '../write-side.js';
import type { AppendGuard, AppendWrite } from './append-statement.js';
import { inLogOrder, mergedWrites } from './projection-writes.js';

// The port's own parts of an append statement, besides the projections' rows: snapshots, unique
// keys and guards. Their lookups by key are lateral probes with LIMIT (see append-statement.ts).
// One array statement per part, whatever the number of commands sharing the
// append (group commit). Each reads `appended` and writes only for events this statement wrote.

/** The snapshots table of the port (migration 0120): one row per (kind, stream), only moved forward. */
export const SNAPSHOTS_TABLE = 'event_store_snapshots';

const SNAPSHOTS = `INSERT INTO ${SNAPSHOTS_TABLE} (kind, stream, revision, snapshot)
  SELECT x.kind, x.stream, x.revision, x.snapshot
    FROM unnest($1::text[], $2::text[], $3::bigint[], $4::jsonb[], $5::uuid[])
           AS x(kind, stream, revision, snapshot, event_id)
    JOIN appended AS a ON a.event_id = x.event_id
  ON CONFLICT (kind, stream) DO UPDATE SET revision = EXCLUDED.revision, snapshot = EXCLUDED.snapshot
   WHERE ${SNAPSHOTS_TABLE}.revision < EXCLUDED.revision`;

export function snapshotsWrite(snapshots: readonly SnapshotWrite[]): SqlWrite {
  return {
    text: SNAPSHOTS,
    values: [
      snapshots.map((s) => s.kind),
      snapshots.map((s) => s.stream),
      snapshots.map((s) => s.revision),
      snapshots.map((s) => JSON.stringify(s.data)),
      snapshots.map((s) => s.eventId),
    ],
  };
}

// A claim of a key nobody holds inserts it; a key the owner holds already is left as it is; a
// key held by another is stopped by the guard below before anything is written, and one claimed
// by a writer that committed after this statement's snapshot fails the primary key (23505), on
// which the append runs its checks again.
const CLAIMS = `INSERT INTO write_side_unique_keys (empresa_id, scope, value, owner)
  SELECT x.empresa_id, x.scope, x.value, x.owner
    FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[]) AS x(empresa_id, scope, value, owner)
    LEFT JOIN LATERAL (SELECT true AS held FROM write_side_unique_keys k
                        WHERE k.empresa_id = x.empresa_id AND k.scope = x.scope AND k.value = x.value
                        LIMIT 1) AS k ON true
   WHERE EXISTS (SELECT 1 FROM appended) AND k.held IS NULL`;

// A join: its generic plan, made while the table was small, may scan the whole table. Releases
// are rare (a key's value changes, a record goes), and a delete cannot take a lateral probe's
// form (a probe's tuple ids plan as a scan too, on a table the planner thinks small).
const RELEASES = `DELETE FROM write_side_unique_keys AS k
   USING unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[]) AS x(empresa_id, scope, value, owner)
   WHERE EXISTS (SELECT 1 FROM appended)
     AND k.empresa_id = x.empresa_id AND k.scope = x.scope AND k.value = x.value AND k.owner = x.owner`;

function keyValues(rows: readonly UniquenessChange[]): unknown[] {
  return [
    rows.map((r) => r.key.empresaId),
    rows.map((r) => r.key.scope),
    rows.map((r) => r.key.value),
    rows.map((r) => r.owner),
  ];
}

/** The keys claimed here that another owner holds, as `scope/value` (the guard's rows). */
export function claimsFree(claims: readonly UniquenessChange[]): AppendGuard {
  return {
    text: `SELECT x.scope || '/' || x.value AS key
             FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[]) AS x(empresa_id, scope, value, owner)
             CROSS JOIN LATERAL (SELECT k.owner FROM write_side_unique_keys k
                                  WHERE k.empresa_id = x.empresa_id AND k.scope = x.scope AND k.value = x.value
                                  LIMIT 1) AS k
            WHERE k.owner <> x.owner`,
    values: keyValues(claims),
  };
}

/**
 * The guards run on their own, before an append made elsewhere (KurrentDB): per guard, what
 * broke it. Weaker than the guards in PostgreSQL's own append statement: a change between this
 * read and the append goes unseen.
 */
export async function failedChecks(pool: Pool, checks: readonly WriteGuard[]): Promise<string[][]> {
  return Promise.all(
    checks.map(async (check) => {
      const { rows } = await pool.query<Record<string, unknown>>(check.text, [...check.values]);
      return rows.map(firstColumn);
    }),
  );
}

/** What a guard's row names: its first column, as text. */
export const firstColumn = (row: unknown): string => String(Object.values(row as Record<string, unknown>)[0]);

/** The parts that ride in the append statement (rows of order `log` come after it). */
export function statementWrites(request: AppendRequest, options: { keys: boolean }): AppendWrite[] {
  const parts = mergedWrites((request.rows ?? []).filter((row) => !inLogOrder(row)));
  const snapshots = request.snapshots ?? [];
  if (snapshots.length > 0) parts.push(snapshotsWrite(snapshots));
  const uniqueness = options.keys ? (request.uniqueness ?? []) : [];
  const claims = uniqueness.filter((change) => change.op === 'claim');
  const releases = uniqueness.filter((change) => change.op === 'release');
  if (claims.length > 0) parts.push({ text: CLAIMS, values: keyValues(claims) });
  if (releases.length > 0) parts.push({ text: RELEASES, values: keyValues(releases) });
  return parts;
}
