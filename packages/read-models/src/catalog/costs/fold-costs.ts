import type { LinhaDaFicha } from '@factory/domain';
import { exact, plus, times } from '@factory/domain/exact';
import { type CatalogRecorded, keyOf } from '../catalog-events.js';
import { type CostLine, type CostState, NO_BILL, type ProductNode } from './cost-state.js';
import type { ItemNode } from './item-stock.js';
import { recordMovement } from './item-stock.js';
import { RollUp } from './roll-up.js';

const ONE = exact('1');
const decimal = (text: string | null | undefined) => (text == null ? null : exact(text));

export const costLines = (empresaId: string, linhas: readonly LinhaDaFicha[]): CostLine[] =>
  linhas.map((l) => ({
    parte: keyOf(empresaId, (l.insumo_id ?? l.componente_id)!),
    quantidade: times(exact(l.consumo), plus(ONE, exact(l.perda_pct))),
  }));

/**
 * The cost half of the projection, pure: applies a batch, event by event in log order, to the
 * loaded cost state. Event by event on purpose: whether a shown cost changed, and so whether
 * and to which instant `atualizado_em` moves, is decided after each event, which makes the
 * result independent of where the projector cut its batches (a rebuild equals the live build).
 */
export function foldCosts(state: CostState, events: readonly CatalogRecorded[]): void {
  const roll = new RollUp(state);
  for (const event of events) {
    const e = event.empresaId;
    switch (event.type) {
      case 'MovimentoRegistrado.v1':
      case 'MovimentoEstornado.v1': {
        const { insumo_id, criado_em } = event.data;
        const key = keyOf(e, insumo_id);
        const item = itemNode(state, e, insumo_id);
        // A bill consuming the item is re-costed after each of its movements (its atualizado_em
        // is the instant of the one that changed a shown cost); any other item only records it.
        if (state.consumers.get(key)?.size)
          roll.change(key, criado_em, () => recordMovement(item, event.data));
        else recordMovement(item, event.data);
        break;
      }
      case 'InsumoCadastrado.v1':
      case 'InsumoAlterado.v1': {
        const fields = event.type === 'InsumoCadastrado.v1' ? event.data : event.data.alteracoes;
        if (!Object.hasOwn(fields, 'custo_referencia')) break;
        const at = event.type === 'InsumoCadastrado.v1' ? event.data.cadastrado_em : event.data.alterado_em;
        const item = itemNode(state, e, event.data.insumo_id);
        roll.change(keyOf(e, item.id), at, () => {
          item.referencia = decimal(fields.custo_referencia);
        });
        break;
      }
      case 'ProdutoCadastrado.v1':
      case 'ProdutoAlterado.v1': {
        const fields = event.type === 'ProdutoCadastrado.v1' ? event.data : event.data.alteracoes;
        if (!Object.hasOwn(fields, 'custo_manual')) break;
        const at = event.type === 'ProdutoCadastrado.v1' ? event.data.cadastrado_em : event.data.alterado_em;
        const product = productNode(state, e, event.data.produto_id);
        roll.change(keyOf(e, product.id), at, () => {
          product.manual = decimal(fields.custo_manual);
        });
        break;
      }
      case 'FichaDefinida.v1': {
        const { produto_id, linhas, definida_em } = event.data;
        const key = keyOf(e, produto_id);
        const product = productNode(state, e, produto_id);
        roll.change(key, definida_em, () => roll.setBill(product, key, costLines(e, linhas), definida_em));
        break;
      }
      case 'FichaDesativada.v1': {
        const { produto_id, desativada_em } = event.data;
        const key = keyOf(e, produto_id);
        const product = productNode(state, e, produto_id);
        roll.change(key, desativada_em, () => roll.setBill(product, key, null, desativada_em));
        break;
      }
      default:
        break; // record-only events: no cost moves
    }
  }
}

/** The node of an item the batch touches (loaded beforehand; new when it was never seen). */
function itemNode(state: CostState, empresaId: string, id: string): ItemNode {
  const key = keyOf(empresaId, id);
  let node = state.items.get(key);
  if (node === undefined) {
    node = {
      empresaId,
      id,
      referencia: null,
      totals: null,
      locations: new Map(),
      pending: new Map(),
      movedAt: null,
      movedMs: 0,
      movedLocations: new Set(),
    };
    state.items.set(key, node);
  }
  return node;
}

function productNode(state: CostState, empresaId: string, id: string): ProductNode {
  const key = keyOf(empresaId, id);
  let node = state.products.get(key);
  if (node === undefined) {
    node = {
      empresaId,
      id,
      manual: null,
      lines: null,
      exact: null,
      shown: NO_BILL,
      touchedAt: null,
      write: false,
    };
    state.products.set(key, node);
  }
  return node;
}
