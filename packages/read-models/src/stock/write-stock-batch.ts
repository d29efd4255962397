import { arrayLiteral, type PoolClient } from '@factory/database';
import { qualifiedTable } from '../projector/projection.js';
import { itemAverageSql, scaledSumSql } from './item-average-sql.js';
import type { BalanceChanges, MovementColumns } from './stock-rows.js';

/*
 * The set-based half of the stock projection: one statement per table for the whole batch.
 */

/** The ledger: rows keyed by their movement alone, so they may be written before earlier batches commit. */
export async function writeMovements(client: PoolClient, schema: string, m: MovementColumns): Promise<void> {
  // The ledger, as typed arrays (cheaper for PostgreSQL to read than one JSON object per row),
  // companies, items and locations as subscripts of their batch's values (a third less to send
  // and to parse); a movement already there (same company, time and id) is left as it is.
  await client.query(
    `INSERT INTO ${qualifiedTable(schema, 'estoque_movimentos')}
       (empresa_id, id, insumo_id, local_id, tipo, quantidade, unidade, custo_unitario,
        custo_unitario_bruto, referencia, motivo, origem, estornado_id, criado_em, saldo_apos,
        custo_medio_apos, revisao)
     SELECT ($1::uuid[])[r.empresa], r.id, ($2::uuid[])[r.insumo], ($3::uuid[])[r.local], r.tipo,
            r.quantidade, r.unidade, r.custo_unitario, r.custo_unitario_bruto, r.referencia, r.motivo,
            r.origem, r.estornado_id, r.criado_em, r.saldo_apos, r.custo_medio_apos, r.revisao
       FROM unnest($4::int[], $5::uuid[], $6::int[], $7::int[], $8::text[], $9::numeric[], $10::text[],
                   $11::numeric[], $12::numeric[], $13::text[], $14::text[], $15::text[], $16::uuid[],
                   $17::timestamptz[], $18::numeric[], $19::numeric[], $20::bigint[])
            AS r(empresa, id, insumo, local, tipo, quantidade, unidade, custo_unitario,
                 custo_unitario_bruto, referencia, motivo, origem, estornado_id, criado_em, saldo_apos,
                 custo_medio_apos, revisao)
     ON CONFLICT (empresa_id, criado_em, id) DO NOTHING`,
    [
      m.empresas.values,
      m.insumos.values,
      m.locais.values,
      m.empresa,
      m.id,
      m.insumo,
      m.local,
      m.tipo,
      m.quantidade,
      m.unidade,
      m.custo_unitario,
      m.custo_unitario_bruto,
      m.referencia,
      m.motivo,
      m.origem,
      m.estornado_id,
      m.criado_em,
      m.saldo_apos,
      m.custo_medio_apos,
      m.revisao,
    ].map(arrayLiteral),
  );
}

/** Balances and item totals, which build on the rows of earlier batches. */
export async function writeBalances(
  client: PoolClient,
  schema: string,
  batch: BalanceChanges,
): Promise<void> {
  const table = (name: string) => qualifiedTable(schema, name);
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

  // Item totals, recomputed from the balances of the items touched by the domain's rule
  // (acrossLocations): averages weighted by positive balances; with none, the location moved last.
  const positive = 'FILTER (WHERE b.saldo > 0)';
  await client.query(
    `INSERT INTO ${table('estoque_itens')} AS i
       (empresa_id, insumo_id, saldo, custo_medio, custo_medio_bruto, atualizado_em)
     SELECT a.empresa_id, a.insumo_id, a.saldo,
            coalesce(${itemAverageSql('a.valor', 'a.peso')}, a.ultimo_medio),
            coalesce(${itemAverageSql('a.valor_bruto', 'a.peso')}, a.ultimo_medio_bruto),
            a.atualizado_em
       FROM (SELECT b.empresa_id, b.insumo_id, sum(b.saldo) AS saldo, sum(b.saldo) ${positive} AS peso,
                    ${scaledSumSql(`sum(b.saldo * b.custo_medio) ${positive}`)} AS valor,
                    ${scaledSumSql(`sum(b.saldo * b.custo_medio_bruto) ${positive}`)} AS valor_bruto,
                    (array_agg(b.custo_medio ORDER BY b.atualizado_em DESC, b.local_id DESC))[1] AS ultimo_medio,
                    (array_agg(b.custo_medio_bruto ORDER BY b.atualizado_em DESC, b.local_id DESC))[1]
                      AS ultimo_medio_bruto,
                    max(b.atualizado_em) AS atualizado_em
               FROM ${table('estoque_saldos')} AS b
               JOIN unnest($1::uuid[], $2::uuid[]) AS t(empresa_id, insumo_id)
                 ON b.empresa_id = t.empresa_id AND b.insumo_id = t.insumo_id
              GROUP BY b.empresa_id, b.insumo_id) AS a
      ORDER BY a.empresa_id, a.insumo_id
     ON CONFLICT (empresa_id, insumo_id) DO UPDATE
        SET saldo = excluded.saldo, custo_medio = excluded.custo_medio,
            custo_medio_bruto = excluded.custo_medio_bruto, atualizado_em = excluded.atualizado_em`,
    [arrayLiteral(batch.items.map((i) => i.empresa_id)), arrayLiteral(batch.items.map((i) => i.insumo_id))],
  );
}
