import type { PoolClient } from '@factory/database';
import { LIVE_SCHEMA, qualifiedTable } from '../../projector/projection.js';

/** One field of one row that differs between the live read model and the replayed one. */
export interface Difference {
  projecao: string;
  tabela: string;
  /** The row's key without the company (every key starts with it), e.g. insumo_id and local_id. */
  chave: Record<string, string>;
  /** The column; null when the row exists on one side only. */
  campo: string | null;
  /** As text, exactly as PostgreSQL prints it; a row missing on that side is null. */
  ao_vivo: string | null;
  reconstruido: string | null;
}

const COMPANY = 'empresa_id';

/**
 * Compares two tables shaped like the live `tabela` in one statement: a full join on the primary
 * key, then field by field (as text, so 1.50 and 1.5 differ as they would in a response). Returns
 * how many differences there are and the first `examples` of them, in key order. Rows whose
 * stored bytes are equal (`*=`, record image equality: equal bytes print equal text) are
 * dropped at the join, before any field is turned to text; only the others are compared field
 * by field, so the answer is the text comparison's and the cost grows with the differences.
 */
export async function compareTables(
  client: PoolClient,
  options: {
    projecao: string;
    tabela: string;
    live: [string, string];
    replayed: [string, string];
    examples: number;
  },
): Promise<{ count: number; examples: Difference[] }> {
  const { rows: columns } = await client.query<{ name: string; key: boolean }>(
    `SELECT a.attname AS name, coalesce(a.attnum = ANY(i.indkey), false) AS key
       FROM pg_attribute a
       LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [qualifiedTable(LIVE_SCHEMA, options.tabela)],
  );
  const keys = columns.filter((c) => c.key).map((c) => c.name);
  const fields = columns.filter((c) => !c.key).map((c) => c.name);
  if (keys.length === 0) throw new Error(`${options.tabela} has no primary key to match rows on`);
  const q = (name: string) => `"${name}"`;
  const shownKeys = keys.filter((k) => k !== COMPANY);
  const keyJson = `jsonb_build_object(${shownKeys.map((k) => `'${k}', coalesce(v.${q(k)}, r.${q(k)})::text`).join(', ')})`;
  const values = [
    '(NULL::text, row_to_json(v)::text, row_to_json(r)::text)',
    ...fields.map((f) => `('${f}', v.${q(f)}::text, r.${q(f)}::text)`),
  ];
  const sql = `
    SELECT ${keyJson} AS chave, d.campo, d.ao_vivo, d.reconstruido, count(*) OVER () AS total
      FROM ${qualifiedTable(...options.live)} v
      FULL JOIN ${qualifiedTable(...options.replayed)} r USING (${keys.map(q).join(', ')})
      CROSS JOIN LATERAL (VALUES ${values.join(', ')}) AS d(campo, ao_vivo, reconstruido)
     WHERE (v.${q(keys[0]!)} IS NULL OR r.${q(keys[0]!)} IS NULL OR v *<> r)
       AND CASE WHEN v.${q(keys[0]!)} IS NULL OR r.${q(keys[0]!)} IS NULL
                THEN d.campo IS NULL
                ELSE d.campo IS NOT NULL AND d.ao_vivo IS DISTINCT FROM d.reconstruido END
     ORDER BY 1, 2 NULLS FIRST
     LIMIT $1`;
  const { rows } = await client.query<{
    chave: Record<string, string>;
    campo: string | null;
    ao_vivo: string | null;
    reconstruido: string | null;
    total: string;
  }>(sql, [options.examples]);
  return {
    count: Number(rows[0]?.total ?? 0),
    examples: rows.map((r) => ({
      projecao: options.projecao,
      tabela: options.tabela,
      chave: r.chave,
      campo: r.campo,
      ao_vivo: r.ao_vivo,
      reconstruido: r.reconstruido,
    })),
  };
}
