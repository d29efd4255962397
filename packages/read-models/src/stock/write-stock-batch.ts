import type { PoolClient } from '@factory/database';
import { qualifiedTable } from '../projector/projection.js';
import type { StockBatch } from './stock-rows.js';

/**
 * The set-based half of the stock projection: one statement per table for the whole batch,
 * the rows travelling as one JSON document each.
 */
export async function writeStockBatch(client: PoolClient, schema: string, batch: StockBatch): Promise<void> {
  const table = (name: string) => qualifiedTable(schema, name);

  // The ledger, as typed arrays (cheaper for PostgreSQL to read than one JSON object per row);
  // a movement already there (same company, time and id) is left as it is.
  const m = batch.movements;
  const column = <K extends keyof (typeof m)[number]>(key: K) => m.map((row) => row[key]);
  await client.query(
    `INSERT INTO ${table('estoque_movimentos')}
       (empresa_id, id, insumo_id, local_id, tipo, quantidade, unidade, custo_unitario,
        custo_unitario_bruto, referencia, motivo, origem, estornado_id, criado_em)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::numeric[],
                          $7::text[], $8::numeric[], $9::numeric[], $10::text[], $11::text[], $12::text[],
                          $13::uuid[], $14::timestamptz[])
     ON CONFLICT (empresa_id, criado_em, id) DO NOTHING`,
    [
      column('empresa_id'),
      column('id'),
      column('insumo_id'),
      column('local_id'),
      column('tipo'),
      column('quantidade'),
      column('unidade'),
      column('custo_unitario'),
      column('custo_unitario_bruto'),
      column('referencia'),
      column('motivo'),
      column('origem'),
      column('estornado_id'),
      column('criado_em'),
    ],
  );

  // Balances take the after-state of their last movement. atualizado_em never moves back
  // (greatest), so a movement stamped earlier than the one before it still shows as a change
  // to a reader that keeps the greatest atualizado_em it saw.
  await client.query(
    `INSERT INTO ${table('estoque_saldos')} AS s
       (empresa_id, insumo_id, local_id, saldo, unidade, custo_medio, custo_medio_bruto, valor, atualizado_em)
     SELECT b.empresa_id, b.insumo_id, b.local_id, b.saldo, b.unidade, b.custo_medio, b.custo_medio_bruto,
            round(b.saldo * b.custo_medio, 2),
            (SELECT max(c::timestamptz) FROM json_array_elements_text(b.criados_em) AS c)
       FROM json_to_recordset($1::json) AS b(
              empresa_id uuid, insumo_id uuid, local_id uuid, saldo numeric, unidade text,
              custo_medio numeric, custo_medio_bruto numeric, criados_em json)
     ON CONFLICT (empresa_id, insumo_id, local_id) DO UPDATE
        SET saldo = excluded.saldo, unidade = excluded.unidade, custo_medio = excluded.custo_medio,
            custo_medio_bruto = excluded.custo_medio_bruto, valor = excluded.valor,
            atualizado_em = greatest(s.atualizado_em, excluded.atualizado_em)`,
    [JSON.stringify(batch.balances)],
  );

  // Item totals, recomputed from the balances of the items touched (see the README for the
  // averages): weighted by positive balances; with none, the location moved last.
  await client.query(
    `INSERT INTO ${table('estoque_itens')} AS i
       (empresa_id, insumo_id, saldo, custo_medio, custo_medio_bruto, atualizado_em)
     SELECT b.empresa_id, b.insumo_id, sum(b.saldo),
            coalesce(round(sum(b.saldo * b.custo_medio) FILTER (WHERE b.saldo > 0)
                           / sum(b.saldo) FILTER (WHERE b.saldo > 0), 16),
                     (array_agg(b.custo_medio ORDER BY b.atualizado_em DESC, b.local_id DESC))[1]),
            coalesce(round(sum(b.saldo * b.custo_medio_bruto) FILTER (WHERE b.saldo > 0)
                           / sum(b.saldo) FILTER (WHERE b.saldo > 0), 16),
                     (array_agg(b.custo_medio_bruto ORDER BY b.atualizado_em DESC, b.local_id DESC))[1]),
            max(b.atualizado_em)
       FROM ${table('estoque_saldos')} AS b
       JOIN unnest($1::uuid[], $2::uuid[]) AS t(empresa_id, insumo_id)
         ON b.empresa_id = t.empresa_id AND b.insumo_id = t.insumo_id
      GROUP BY b.empresa_id, b.insumo_id
      ORDER BY b.empresa_id, b.insumo_id
     ON CONFLICT (empresa_id, insumo_id) DO UPDATE
        SET saldo = excluded.saldo, custo_medio = excluded.custo_medio,
            custo_medio_bruto = excluded.custo_medio_bruto, atualizado_em = excluded.atualizado_em`,
    [batch.items.map((i) => i.empresa_id), batch.items.map((i) => i.insumo_id)],
  );
}
