import type { Pool } from '@factory/database';

/** Log events per statement, as the projector's batches. */
const BATCH = 2000;

// The ledger's columns straight from a movement event: what the stock projection copies (the
// after-state included; the company from the stream's name), with no Node between the log and
// the table.
const LEDGER_ROWS = `
  SELECT substr(e.stream_id, strpos(e.stream_id, '-') + 1, 36)::uuid, (e.data ->> 'movimento_id')::uuid, (e.data ->> 'insumo_id')::uuid,
         (e.data ->> 'local_id')::uuid, e.data ->> 'tipo', (e.data ->> 'quantidade')::numeric,
         e.data ->> 'unidade', (e.data ->> 'custo_unitario')::numeric,
         (e.data ->> 'custo_unitario_bruto')::numeric, e.data ->> 'referencia', e.data ->> 'motivo',
         e.data ->> 'origem', (e.data ->> 'estornado_id')::uuid, (e.data ->> 'criado_em')::timestamptz,
         (e.data ->> 'saldo')::numeric, (e.data ->> 'custo_medio')::numeric, e.stream_revision
    FROM batch e
   WHERE e.type IN ('MovimentoRegistrado.v1', 'MovimentoEstornado.v1')`;

/**
 * The ceiling issue 24 names for a catch-up, for its largest table: the stock ledger built in
 * set-based SQL straight from the log (one `INSERT ... SELECT` per batch of 2,000 log events, in
 * log order, in one connection), the way the projector's build from the log's start does it: the
 * table with its key alone, then its other indexes made once at the end. A lower bound of any
 * catch-up's work (the other tables and the projections' own code come on top), and one the
 * projector cannot take (it reads the log through the port, which may be KurrentDB's). Builds
 * `ceiling_ledger` (dropped first) and resolves to the number of ledger rows.
 */
export async function buildLedgerCeiling(pool: Pool): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('DROP TABLE IF EXISTS ceiling_ledger');
    await client.query('CREATE TABLE ceiling_ledger (LIKE estoque_movimentos INCLUDING ALL)');
    const { rows: deferred } = await client.query<{ name: string; definition: string }>(
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = 'ceiling_ledger'::regclass AND NOT i.indisprimary`,
    );
    for (const index of deferred) await client.query(`DROP INDEX ${index.name}`);
    type Batch = { tx: string | null; position: number; n: number };
    let after: { tx: string; position: number } | null = { tx: '0', position: 0 };
    let count = 0;
    while (after !== null) {
      const { rows }: { rows: Batch[] } = await client.query<Batch>(
        `WITH batch AS MATERIALIZED (
           SELECT * FROM events WHERE (tx_id, position) > ($1::xid8, $2::bigint)
            ORDER BY tx_id, position LIMIT ${BATCH}),
         written AS (
           INSERT INTO ceiling_ledger (empresa_id, id, insumo_id, local_id, tipo, quantidade, unidade,
                  custo_unitario, custo_unitario_bruto, referencia, motivo, origem, estornado_id, criado_em,
                  saldo_apos, custo_medio_apos, revisao)
           ${LEDGER_ROWS}
           ON CONFLICT DO NOTHING RETURNING 1)
         SELECT (SELECT tx_id::text FROM batch ORDER BY tx_id DESC, position DESC LIMIT 1) AS tx,
                (SELECT max(position) FROM batch WHERE tx_id = (SELECT max(tx_id) FROM batch)) AS position,
                (SELECT count(*)::int FROM written) AS n`,
        [after.tx, after.position],
      );
      const last: Batch = rows[0]!;
      count += last.n;
      after = last.tx === null ? null : { tx: last.tx, position: last.position };
    }
    for (const index of deferred) await client.query(index.definition);
    return count;
  } finally {
    client.release();
  }
}
