// A deliberately non-idempotent projection for the projector's own tests: it adds each batch's
// count to a counter and records each event id, so a doubled or lost batch shows at once.
import type { Pool } from '@factory/database';
import type { Projection } from '../../src/projector/projection.js';

export const COUNTED = 'Contado.v1';
export const POISON = 'Veneno.v1';

export async function createCountingTables(pool: Pool): Promise<void> {
  await pool.query(`CREATE TABLE IF NOT EXISTS contagem (nome text PRIMARY KEY, n bigint NOT NULL);
                    CREATE TABLE IF NOT EXISTS contados (event_id uuid NOT NULL);
                    INSERT INTO contagem VALUES ('total', 0) ON CONFLICT DO NOTHING`);
}

/** `failing.poison` true: a batch holding a POISON event writes its rows, then throws. */
export function countingProjection(failing = { poison: false }): Projection {
  return {
    name: 'contagem',
    version: 1,
    handles: [COUNTED, POISON],
    tables: ['contagem', 'contados'],
    async apply(client, events) {
      await client.query('INSERT INTO contados SELECT unnest($1::uuid[])', [events.map((e) => e.id)]);
      await client.query(`UPDATE contagem SET n = n + $1 WHERE nome = 'total'`, [events.length]);
      if (failing.poison && events.some((e) => e.type === POISON)) throw new Error('poisoned batch');
    },
  };
}

export async function counted(pool: Pool): Promise<{ total: number; rows: number; distinct: number }> {
  const { rows } = await pool.query(
    `SELECT (SELECT n FROM contagem WHERE nome = 'total')::int AS total,
            (SELECT count(*) FROM contados)::int AS rows,
            (SELECT count(DISTINCT event_id) FROM contados)::int AS distinct`,
  );
  return rows[0];
}
