import type { StockEvent } from '../../stock/events.js';
import type { InsumoRegistro } from './record.js';

/**
 * Catalog events of a supply item. They share the item's stock stream
 * (`estoque-<empresa>-<insumo_id>`) with the stock events, so that "units and factor
 * cannot change once the item has movements" is decided on one stream.
 */

/** The full record: every key present, defaults filled in. */
export type InsumoCadastrado = {
  type: 'InsumoCadastrado.v1';
  data: InsumoRegistro & { insumo_id: string; cadastrado_em: string };
};

/** Only the fields that changed, with their new values (`null` when cleared). */
export type InsumoAlterado = {
  type: 'InsumoAlterado.v1';
  data: {
    insumo_id: string;
    sku: string;
    alteracoes: Partial<Omit<InsumoRegistro, 'sku'>>;
    alterado_em: string;
  };
};

export type InsumoExcluido = {
  type: 'InsumoExcluido.v1';
  data: { insumo_id: string; sku: string; excluido_em: string };
};

export type InsumoCatalogEvent = InsumoCadastrado | InsumoAlterado | InsumoExcluido;

/** Everything the item's stream holds. */
export type InsumoStreamEvent = InsumoCatalogEvent | StockEvent;

export const INSUMO_EVENT_TYPES: readonly InsumoCatalogEvent['type'][] = [
  'InsumoCadastrado.v1',
  'InsumoAlterado.v1',
  'InsumoExcluido.v1',
];
