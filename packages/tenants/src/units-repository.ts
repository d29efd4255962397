import type { Queryable } from './db.js';

/** The company's unit codes (`unidades`), in code order. */
export async function readUnitCodes(db: Queryable, empresaId: string): Promise<string[]> {
  const { rows } = await db.query<{ codigo: string }>(
    'SELECT codigo FROM unidades WHERE empresa_id = $1 ORDER BY codigo',
    [empresaId],
  );
  return rows.map((row) => row.codigo);
}
