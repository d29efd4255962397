import type { InsumoStreamEvent } from '@factory/domain';
import type { InlineProjection } from '@factory/event-store';
import type { AppendedEvent } from '../../stream-command.js';
import { catalogEvent } from './catalog-event.js';
import { collapsedRecords } from './collapsed-records.js';
import { distinctRecords } from './distinct-records.js';

/**
 * `catalog_supply_items`: a supply item's write-side record, its SKU (unique among non-deleted
 * items) and the definition a bill line needs (units, factor, reference cost). `sku` given
 * creates it; undefined fields keep their value.
 */
export interface SupplyItemRow {
  empresaId: string;
  insumoId: string;
  sku?: string;
  unidadeCompra?: string;
  unidadeConsumo?: string;
  fatorConversao?: string;
  custoReferencia?: string | null;
  excluidoEm?: string;
}

const SUPPLY_ITEM_EVENTS = new Set(['InsumoCadastrado.v1', 'InsumoDefinido.v1', 'InsumoExcluido.v1']);

/**
 * The record's change an event makes. The stock's `InsumoDefinido.v1` carries the units, factor
 * and reference cost whenever one changes; in the write that creates the item (`created`) the
 * record already holds what it repeats.
 */
export function supplyItemRowOf(
  empresaId: string,
  event: AppendedEvent<InsumoStreamEvent>,
  created = false,
): SupplyItemRow | null {
  switch (event.type) {
    case 'InsumoCadastrado.v1': {
      const d = event.data;
      return {
        empresaId,
        insumoId: d.insumo_id,
        sku: d.sku,
        unidadeCompra: d.unidade_compra,
        unidadeConsumo: d.unidade_consumo,
        fatorConversao: d.fator_conversao,
        custoReferencia: d.custo_referencia,
      };
    }
    case 'InsumoDefinido.v1': {
      if (created) return null;
      const d = event.data;
      return {
        empresaId,
        insumoId: d.insumo_id,
        unidadeCompra: d.unidade_compra,
        unidadeConsumo: d.unidade_consumo,
        fatorConversao: d.fator_conversao,
        custoReferencia: d.custo_referencia,
      };
    }
    case 'InsumoExcluido.v1':
      return { empresaId, insumoId: event.data.insumo_id, excluidoEm: event.data.excluido_em };
    // Nothing the record holds changes without an InsumoDefinido.v1; movements are the stock's.
    default:
      return null;
  }
}

/**
 * Changes of distinct supply items written as one statement: one command's change, or a batch's
 * items decided together (each its own item, one change each). See ProductChanges.
 */
export type SupplyItemChanges = readonly SupplyItemRow[];

// Creations insert (written again by a catch-up after a crash, a no-op), deleted already when the
// catch-up folds a deletion into them; changes update only the fields they carry (`has_custo`: a
// reference cost given, null included).
const WRITE = `WITH x AS (
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::numeric[],
                       $7::boolean[], $8::numeric[], $9::timestamptz[])
    AS x(insumo_id, empresa_id, sku, unidade_compra, unidade_consumo, fator_conversao, has_custo,
         custo_referencia, excluido_em)
),
created AS (
  INSERT INTO catalog_supply_items
    (insumo_id, empresa_id, sku, unidade_compra, unidade_consumo, fator_conversao, custo_referencia,
     excluido_em)
  SELECT insumo_id, empresa_id, sku, unidade_compra, unidade_consumo, fator_conversao, custo_referencia,
         excluido_em
    FROM x WHERE sku IS NOT NULL
  ON CONFLICT (insumo_id) DO NOTHING
)
UPDATE catalog_supply_items s
   SET unidade_compra = coalesce(x.unidade_compra, s.unidade_compra),
       unidade_consumo = coalesce(x.unidade_consumo, s.unidade_consumo),
       fator_conversao = coalesce(x.fator_conversao, s.fator_conversao),
       custo_referencia = CASE WHEN x.has_custo THEN x.custo_referencia ELSE s.custo_referencia END,
       excluido_em = coalesce(x.excluido_em, s.excluido_em)
  FROM x
 WHERE x.sku IS NULL AND s.insumo_id = x.insumo_id AND s.empresa_id = x.empresa_id`;

export const supplyItemsTable: InlineProjection<SupplyItemChanges> = {
  name: 'catalog_supply_items',
  order: 'log',
  uniqueConstraints: { catalog_supply_items_sku: 'insumo_sku' },
  rowsOf(recorded) {
    const found = catalogEvent<InsumoStreamEvent>(recorded, SUPPLY_ITEM_EVENTS);
    const row = found && supplyItemRowOf(found.empresaId, found.event);
    return row ? [[row]] : [];
  },
  // A deletion frees the SKU another item created in the same batch may take.
  collapse: (sets) =>
    collapsedRecords(sets, {
      recordOf: (row) => row.insumoId,
      creates: (row) => row.sku !== undefined,
      nullKeeps: ['unidadeCompra', 'unidadeConsumo', 'fatorConversao', 'excluidoEm'],
      frees: ({ empresaId, insumoId, excluidoEm }) =>
        excluidoEm === undefined ? null : { empresaId, insumoId, excluidoEm },
    }).map((rows) => rows.map((row) => [row])),
  write(sets) {
    const rows = distinctRecords('catalog_supply_items', sets, (row) => row.insumoId);
    return {
      text: WRITE,
      values: [
        rows.map((r) => r.insumoId),
        rows.map((r) => r.empresaId),
        rows.map((r) => r.sku ?? null),
        rows.map((r) => r.unidadeCompra ?? null),
        rows.map((r) => r.unidadeConsumo ?? null),
        rows.map((r) => r.fatorConversao ?? null),
        rows.map((r) => r.custoReferencia !== undefined),
        rows.map((r) => r.custoReferencia ?? null),
        rows.map((r) => r.excluidoEm ?? null),
      ],
    };
  },
};
