import type { FichaEvent } from '../bill/events.js';
import type { ProdutoRegistro } from './record.js';

/**
 * Events of a product's stream (`produto-<empresa>-<id>`). Stored type names never
 * change: a new shape is a new version. Projections copy these facts.
 */

/** The full record: every key present, defaults filled in. */
export type ProdutoCadastrado = {
  type: 'ProdutoCadastrado.v1';
  data: ProdutoRegistro & { produto_id: string; cadastrado_em: string };
};

/** Only the fields that changed, with their new values (`null` when cleared). */
export type ProdutoAlterado = {
  type: 'ProdutoAlterado.v1';
  data: {
    produto_id: string;
    sku: string;
    alteracoes: Partial<Omit<ProdutoRegistro, 'sku'>>;
    alterado_em: string;
  };
};

export type ProdutoExcluido = {
  type: 'ProdutoExcluido.v1';
  data: { produto_id: string; sku: string; excluido_em: string };
};

export type ProdutoEvent = ProdutoCadastrado | ProdutoAlterado | ProdutoExcluido | FichaEvent;

export type ProdutoEventType = ProdutoEvent['type'];

export const PRODUTO_EVENT_TYPES: readonly ProdutoEventType[] = [
  'ProdutoCadastrado.v1',
  'ProdutoAlterado.v1',
  'ProdutoExcluido.v1',
  'FichaDefinida.v1',
  'FichaDesativada.v1',
];
