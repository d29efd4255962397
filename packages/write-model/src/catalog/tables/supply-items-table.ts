import type { InsumoStreamEvent } from '@factory/domain';
import type { InlineProjection } from '@factory/event-store';
import type { AppendedEvent } from '../../stream-command.js';
import { catalogEvent } from './catalog-event.js';

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

const given = (value: unknown) => value !== undefined;

export const supplyItemsTable: InlineProjection<SupplyItemRow> = {
  name: 'catalog_supply_items',
  order: 'log',
  uniqueConstraints: { catalog_supply_items_sku: 'insumo_sku' },
  rowsOf(recorded) {
    const found = catalogEvent<InsumoStreamEvent>(recorded, SUPPLY_ITEM_EVENTS);
    const row = found && supplyItemRowOf(found.empresaId, found.event);
    return row ? [row] : [];
  },
  write([row]) {
    if (row === undefined) throw new Error('catalog_supply_items: one row per write');
    if (row.sku !== undefined)
      return {
        text: `INSERT INTO catalog_supply_items
                 (insumo_id, empresa_id, sku, unidade_compra, unidade_consumo, fator_conversao, custo_referencia)
               VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (insumo_id) DO NOTHING`,
        values: [
          row.insumoId,
          row.empresaId,
          row.sku,
          row.unidadeCompra,
          row.unidadeConsumo,
          row.fatorConversao,
          row.custoReferencia ?? null,
        ],
      };
    return {
      text: `UPDATE catalog_supply_items
                SET unidade_compra = coalesce($3, unidade_compra),
                    unidade_consumo = coalesce($4, unidade_consumo),
                    fator_conversao = coalesce($5::numeric, fator_conversao),
                    custo_referencia = CASE WHEN $6::boolean THEN $7::numeric ELSE custo_referencia END,
                    excluido_em = coalesce($8::timestamptz, excluido_em)
              WHERE insumo_id = $1 AND empresa_id = $2`,
      values: [
        row.insumoId,
        row.empresaId,
        row.unidadeCompra ?? null,
        row.unidadeConsumo ?? null,
        row.fatorConversao ?? null,
        given(row.custoReferencia),
        row.custoReferencia ?? null,
        row.excluidoEm ?? null,
      ],
    };
  },
};
