import type { Pool } from '@factory/database';
import type {
  KeyAnswerRow,
  MovementIndexRow,
  SnapshotKind,
  SnapshotRow,
  UniquenessChange,
  WriteCheck,
  WriteSideRow,
} from '../write-side.js';
import type { AppendGuard, AppendWrite } from './append-statement.js';
import { mergeRowWrites, type RowWriteKind, rowWrite } from './row-writes.js';

// The port's rows as parts of the append statement: one array statement per kind, whatever the
// number of commands sharing the append (group commit), so the statement's text, and its
// prepared plan, depends only on which kinds are present. Each reads `appended` and writes only
// the rows of events this statement wrote.

const MOVEMENT_INDEX: RowWriteKind<MovementIndexRow> = {
  write: (rows) => ({
    text: `INSERT INTO stock_movement_index (movimento_id, empresa_id, insumo_id, revision)
           SELECT a.event_id, x.empresa_id, x.insumo_id, a.stream_revision
             FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS x(event_id, empresa_id, insumo_id)
             JOIN appended AS a ON a.event_id = x.event_id`,
    values: [rows.map((r) => r.eventId), rows.map((r) => r.empresaId), rows.map((r) => r.insumoId)],
  }),
};

// Stored only while the attempt still owns the key; its position header is the event's position.
const KEY_ANSWERS: RowWriteKind<KeyAnswerRow> = {
  write: (rows) => ({
    text: `UPDATE idempotency_keys AS k
              SET state = 'done', status = x.status, body = x.body,
                  headers = x.headers || jsonb_build_object(x.position_header, a.position::text)
             FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::smallint[], $5::jsonb[], $6::text[], $7::uuid[], $8::text[])
                    AS x(token_id, idempotency_key, attempt_id, status, headers, body, event_id, position_header)
             JOIN appended AS a ON a.event_id = x.event_id
            WHERE k.token_id = x.token_id AND k.idempotency_key = x.idempotency_key
              AND k.attempt_id = x.attempt_id`,
    values: [
      rows.map((r) => r.tokenId),
      rows.map((r) => r.key),
      rows.map((r) => r.attemptId),
      rows.map((r) => r.status),
      rows.map((r) => JSON.stringify(r.headers)),
      rows.map((r) => r.body),
      rows.map((r) => r.eventId),
      rows.map((r) => r.positionHeader),
    ],
  }),
};

export const SNAPSHOT_TABLES: Record<SnapshotKind, string> = {
  stock: 'stock_snapshots',
  catalog: 'catalog_snapshots',
};

const snapshotKind = (table: string): RowWriteKind<SnapshotRow> => ({
  write: (rows) => ({
    text: `INSERT INTO ${table} (stream, empresa_id, revision, snapshot)
           SELECT x.stream, x.empresa_id, x.revision, x.snapshot
             FROM unnest($1::text[], $2::uuid[], $3::bigint[], $4::jsonb[], $5::uuid[])
                    AS x(stream, empresa_id, revision, snapshot, event_id)
             JOIN appended AS a ON a.event_id = x.event_id
           ON CONFLICT (stream) DO UPDATE SET revision = EXCLUDED.revision, snapshot = EXCLUDED.snapshot
            WHERE ${table}.revision < EXCLUDED.revision`,
    values: [
      rows.map((r) => r.stream),
      rows.map((r) => r.empresaId),
      rows.map((r) => r.revision),
      rows.map((r) => JSON.stringify(r.data)),
      rows.map((r) => r.eventId),
    ],
  }),
});

const SNAPSHOTS: Record<SnapshotKind, RowWriteKind<SnapshotRow>> = {
  stock: snapshotKind(SNAPSHOT_TABLES.stock),
  catalog: snapshotKind(SNAPSHOT_TABLES.catalog),
};

// A claim of a key nobody holds inserts it; a key the owner holds already is left as it is; a
// key held by another is stopped by the guard below before anything is written, and one claimed
// by a writer that committed after this statement's snapshot fails the primary key (23505), on
// which the append runs its checks again.
const CLAIMS: RowWriteKind<UniquenessChange> = {
  write: (rows) => ({
    text: `INSERT INTO write_side_unique_keys (empresa_id, scope, value, owner)
           SELECT x.empresa_id, x.scope, x.value, x.owner
             FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[]) AS x(empresa_id, scope, value, owner)
            WHERE EXISTS (SELECT 1 FROM appended)
              AND NOT EXISTS (SELECT 1 FROM write_side_unique_keys k
                               WHERE k.empresa_id = x.empresa_id AND k.scope = x.scope AND k.value = x.value)`,
    values: keyValues(rows),
  }),
};

const RELEASES: RowWriteKind<UniquenessChange> = {
  write: (rows) => ({
    text: `DELETE FROM write_side_unique_keys AS k
            USING unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[]) AS x(empresa_id, scope, value, owner)
            WHERE EXISTS (SELECT 1 FROM appended)
              AND k.empresa_id = x.empresa_id AND k.scope = x.scope AND k.value = x.value AND k.owner = x.owner`,
    values: keyValues(rows),
  }),
};

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
             JOIN write_side_unique_keys k
               ON k.empresa_id = x.empresa_id AND k.scope = x.scope AND k.value = x.value AND k.owner <> x.owner`,
    values: keyValues(claims),
  };
}

/** A check as the append's guard: its rows are what broke it. */
export function checkGuard(check: WriteCheck): AppendGuard {
  switch (check.kind) {
    case 'active_locations':
      return {
        text: `SELECT q.empresa_id::text || '/' || q.local_id::text AS location
                 FROM unnest($1::uuid[], $2::uuid[]) AS q(empresa_id, local_id)
                WHERE NOT EXISTS (SELECT 1 FROM locais l
                                   WHERE l.id = q.local_id AND l.empresa_id = q.empresa_id AND l.ativo)`,
        values: [check.locations.map((l) => l.empresaId), check.locations.map((l) => l.localId)],
      };
  }
}

/**
 * The checks run on their own, before an append made elsewhere (KurrentDB): per check, what broke
 * it. Weaker than the guards in PostgreSQL's own append statement: a location deactivated
 * between this read and the append goes unseen.
 */
export async function failedChecks(pool: Pool, checks: readonly WriteCheck[]): Promise<string[][]> {
  return Promise.all(
    checks.map(async (check) => {
      const guard = checkGuard(check);
      const { rows } = await pool.query<{ location: string }>(guard.text, [...guard.values]);
      return rows.map((row) => row.location);
    }),
  );
}

/** The kinds that ride in the append statement; the catalog's records are written after it. */
export function statementRowWrites(
  rows: readonly WriteSideRow[],
  uniqueness: readonly UniquenessChange[],
): AppendWrite[] {
  const parts = [];
  for (const row of rows)
    if (row.kind === 'movement_index') parts.push(rowWrite(MOVEMENT_INDEX, row));
    else if (row.kind === 'key_answer') parts.push(rowWrite(KEY_ANSWERS, row));
    else if (row.kind === 'snapshot') parts.push(rowWrite(SNAPSHOTS[row.snapshot], row));
  for (const change of uniqueness) parts.push(rowWrite(change.op === 'claim' ? CLAIMS : RELEASES, change));
  return mergeRowWrites(parts);
}
