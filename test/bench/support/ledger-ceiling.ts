import type { Pool } from '@factory/database';
import { qualifiedTable, stockProjection } from '@factory/read-models';
import {
  createDeferredTables,
  dropDeferredTables,
} from '../../../packages/read-models/test/projector/shadow-tables.js';

/** Log events per statement, as the projector's batches. */
const BATCH = 2000;

type LogPlace = { tx: string; position: number };
type BatchWritten = { tx: string | null; position: number; n: number };

/** Where the ceiling is built: the stock projection's tables, beside the live ones. */
export const CEILING_SCHEMA = 'ledger_ceiling';

// One batch of the log after ($1, $2), its movements written to the ledger as the stock
// projection copies them (the after-state included; the company from the stream's name), with no
// Node between the log and the table. Answers the batch's last checkpoint (null past the head)
// and how many rows it wrote.
const BATCH_INTO_LEDGER = `
  WITH batch AS MATERIALIZED (
         SELECT * FROM events WHERE (tx_id, position) > ($1::xid8, $2::bigint)
          ORDER BY tx_id, position LIMIT ${BATCH}),
       written AS (
         INSERT INTO ${qualifiedTable(CEILING_SCHEMA, 'estoque_movimentos')}
                (empresa_id, id, insumo_id, local_id, tipo, quantidade, unidade, custo_unitario,
                 custo_unitario_bruto, referencia, motivo, origem, estornado_id, criado_em,
                 saldo_apos, custo_medio_apos, revisao)
         SELECT substr(e.stream_id, strpos(e.stream_id, '-') + 1, 36)::uuid,
                (e.data ->> 'movimento_id')::uuid, (e.data ->> 'insumo_id')::uuid,
                (e.data ->> 'local_id')::uuid, e.data ->> 'tipo', (e.data ->> 'quantidade')::numeric,
                e.data ->> 'unidade', (e.data ->> 'custo_unitario')::numeric,
                (e.data ->> 'custo_unitario_bruto')::numeric, e.data ->> 'referencia', e.data ->> 'motivo',
                e.data ->> 'origem', (e.data ->> 'estornado_id')::uuid,
                (e.data ->> 'criado_em')::timestamptz, (e.data ->> 'saldo')::numeric,
                (e.data ->> 'custo_medio')::numeric, e.stream_revision
           FROM batch e
          WHERE e.type IN ('MovimentoRegistrado.v1', 'MovimentoEstornado.v1')
         ON CONFLICT DO NOTHING RETURNING 1)
  SELECT last.tx, last.position, (SELECT count(*)::int FROM written) AS n
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (SELECT tx_id::text AS tx, position FROM batch
                        ORDER BY tx_id DESC, position DESC LIMIT 1) last ON true`;

/**
 * The ceiling issue 24 names for a catch-up, for its largest table: the stock ledger built in
 * set-based SQL straight from the log (one `INSERT ... SELECT` per batch of 2,000 log events, in
 * log order, in one connection), the way the projector's build from the log's start does it:
 * its secondary indexes deferred, then made at the end by the projector's own code. A lower bound
 * of any catch-up's work (the other tables and the projections' own code come on top), and one
 * the projector cannot take (it reads the log through the port, which may be KurrentDB's).
 * Builds the stock tables in CEILING_SCHEMA (made again first; `dropLedgerCeiling` removes them)
 * and resolves to the number of ledger rows.
 */
export async function buildLedgerCeiling(pool: Pool): Promise<number> {
  await dropLedgerCeiling(pool);
  const tables = await createDeferredTables(pool, stockProjection, CEILING_SCHEMA);
  let count = 0;
  let after: LogPlace | null = { tx: '0', position: 0 };
  while (after) {
    const { rows } = await pool.query<BatchWritten>(BATCH_INTO_LEDGER, [after.tx, after.position]);
    const written: BatchWritten = rows[0]!;
    count += written.n;
    after = written.tx === null ? null : { tx: written.tx, position: written.position };
  }
  await tables.makeIndexes();
  return count;
}

export const dropLedgerCeiling = (pool: Pool): Promise<void> => dropDeferredTables(pool, CEILING_SCHEMA);
