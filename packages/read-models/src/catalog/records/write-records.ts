import type { PoolClient } from '@factory/database';
import { qualifiedTable } from '../../projector/projection.js';
import type { RecordChanges } from './fold-records.js';
import type { Column } from './record-kinds.js';

/** The recordset's shape: every column typed, so JSON values are read straight into it. */
const recordset = (columns: readonly Column[]) =>
  `jsonb_to_recordset($1::jsonb) AS r(empresa_id uuid, id uuid, ${columns
    .map((c) => `${c.name} ${c.type}`)
    .join(', ')}, campos text[], criado_em timestamptz, tocado_em timestamptz, excluido_em timestamptz)`;

/**
 * Writes a batch's record changes with two statements: the records it created, whole, and the
 * changes to records created before, column by column (a column the batch did not set keeps
 * its value). Both are idempotent: a record already there is left as it is, and a change
 * applied twice gives the same row (atualizado_em only moves forward).
 */
export async function writeRecords(
  client: PoolClient,
  schema: string,
  records: RecordChanges,
): Promise<void> {
  const { kind, changes } = records;
  const table = qualifiedTable(schema, kind.table);
  const names = kind.columns.map((c) => c.name);
  const rows = (created: boolean) =>
    changes
      .filter((c) => (c.criado_em !== null) === created)
      .map(({ values, ...change }) => ({ ...values, ...change }));

  const created = rows(true);
  if (created.length > 0) {
    await client.query(
      `INSERT INTO ${table} (empresa_id, id, ${names.join(', ')}, criado_em, atualizado_em, excluido_em)
       SELECT r.empresa_id, r.id, ${names.map((n) => `r.${n}`).join(', ')}, r.criado_em,
              greatest(r.criado_em, r.tocado_em), r.excluido_em
         FROM ${recordset(kind.columns)}
        ORDER BY r.empresa_id, r.id
       ON CONFLICT (empresa_id, id) DO NOTHING`,
      [JSON.stringify(created)],
    );
  }
  const patched = rows(false);
  if (patched.length > 0) {
    const sets = names.map((n) => `${n} = CASE WHEN '${n}' = ANY(r.campos) THEN r.${n} ELSE t.${n} END`);
    await client.query(
      `UPDATE ${table} AS t
          SET ${sets.join(',\n              ')},
              atualizado_em = greatest(t.atualizado_em, r.tocado_em),
              excluido_em = coalesce(t.excluido_em, r.excluido_em)
         FROM ${recordset(kind.columns)}
        WHERE t.empresa_id = r.empresa_id AND t.id = r.id`,
      [JSON.stringify(patched)],
    );
  }
}
