import type { PoolClient } from '@factory/database';
import { type Exact, text } from '@factory/domain/exact';
import { qualifiedTable } from '../../projector/projection.js';
import type { CostState } from './cost-state.js';
import { settledTotals } from './item-stock.js';

const out = (value: Exact | null | undefined) => (value == null ? null : text(value));

/**
 * Writes what the roll-up changed, one statement per table: the products' cost columns, the
 * items' stock totals, and the locations' after-states. `atualizado_em` only moves forward, to
 * the instant of the event that changed a shown value (none for a product whose exact cost
 * moved without changing what it shows).
 */
export async function writeCosts(client: PoolClient, schema: string, state: CostState): Promise<void> {
  const products = [...state.products.values()]
    .filter((p) => p.write || p.touchedAt !== null)
    .map((p) => ({
      empresa_id: p.empresaId,
      id: p.id,
      tem_ficha: p.shown.temFicha,
      custo_ficha: out(p.shown.custoFicha),
      custo_ficha_bruto: out(p.shown.custoFichaBruto),
      custo_exato: out(p.exact?.custo),
      custo_exato_bruto: out(p.exact?.bruto),
      tocado_em: p.touchedAt,
    }));
  if (products.length > 0) {
    await client.query(
      `UPDATE ${qualifiedTable(schema, 'catalogo_produtos')} AS t
          SET tem_ficha = r.tem_ficha, custo_ficha = r.custo_ficha, custo_ficha_bruto = r.custo_ficha_bruto,
              custo_exato = r.custo_exato, custo_exato_bruto = r.custo_exato_bruto,
              atualizado_em = greatest(t.atualizado_em, r.tocado_em)
         FROM jsonb_to_recordset($1::jsonb) AS r(empresa_id uuid, id uuid, tem_ficha boolean, custo_ficha numeric,
                custo_ficha_bruto numeric, custo_exato numeric, custo_exato_bruto numeric, tocado_em timestamptz)
        WHERE t.empresa_id = r.empresa_id AND t.id = r.id`,
      [JSON.stringify(products)],
    );
  }

  const moved = [...state.items.values()].filter((i) => i.movedAt !== null);
  if (moved.length === 0) return;
  // A movement always changes the balance, a shown value: the item's atualizado_em moves.
  await client.query(
    `UPDATE ${qualifiedTable(schema, 'catalogo_insumos')} AS t
        SET saldo = r.saldo, custo_medio = r.custo_medio, custo_medio_bruto = r.custo_medio_bruto,
            atualizado_em = greatest(t.atualizado_em, r.movido_em)
       FROM jsonb_to_recordset($1::jsonb) AS r(empresa_id uuid, id uuid, saldo numeric, custo_medio numeric,
              custo_medio_bruto numeric, movido_em timestamptz)
      WHERE t.empresa_id = r.empresa_id AND t.id = r.id`,
    [
      JSON.stringify(
        moved.map((i) => {
          const totals = settledTotals(i);
          return {
            empresa_id: i.empresaId,
            id: i.id,
            saldo: out(totals?.saldo),
            custo_medio: out(totals?.custoMedio),
            custo_medio_bruto: out(totals?.custoMedioBruto),
            movido_em: i.movedAt,
          };
        }),
      ),
    ],
  );
  const locations = moved.flatMap((i) =>
    [...i.movedLocations].sort().map((localId) => {
      const l = i.locations.get(localId)!;
      return {
        empresa_id: i.empresaId,
        insumo_id: i.id,
        local_id: localId,
        saldo: text(l.saldo),
        custo_medio: text(l.custoMedio),
        custo_medio_bruto: text(l.custoMedioBruto),
        movido_em: l.movidoEm,
      };
    }),
  );
  await client.query(
    `INSERT INTO ${qualifiedTable(schema, 'catalogo_insumo_locais')}
       (empresa_id, insumo_id, local_id, saldo, custo_medio, custo_medio_bruto, movido_em)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(empresa_id uuid, insumo_id uuid, local_id uuid,
              saldo numeric, custo_medio numeric, custo_medio_bruto numeric, movido_em timestamptz)
      ORDER BY empresa_id, insumo_id, local_id
     ON CONFLICT (empresa_id, insumo_id, local_id) DO UPDATE
        SET saldo = excluded.saldo, custo_medio = excluded.custo_medio,
            custo_medio_bruto = excluded.custo_medio_bruto, movido_em = excluded.movido_em`,
    [JSON.stringify(locations)],
  );
}
