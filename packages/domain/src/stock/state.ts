import type { InsumoExcluido } from '../catalog/supply-item/events.js';
import type { StockEvent } from './events.js';
import type { DecimalText } from './money.js';

export type ItemDefinition = {
  insumoId: string;
  sku: string;
  unidadeCompra: string;
  unidadeConsumo: string;
  fatorConversao: DecimalText;
  custoReferencia: DecimalText | null;
};

/** One location's balance, average cost and average cost with entry taxes. */
export type LocationBalance = {
  saldo: DecimalText;
  custoMedio: DecimalText;
  custoMedioBruto: DecimalText;
};

/**
 * Per movement, only what a reversal needs. Once a movement is reversed, and for a
 * reversal itself, the numbers are dropped: only the id and the tag remain, to answer
 * "already reversed" / "a reversal is never reversed".
 */
export type MovementMemo =
  | {
      kind: 'reversible';
      localId: string;
      quantidade: DecimalText;
      custoUnitario: DecimalText;
      custoUnitarioBruto: DecimalText;
      /** The production record that posted it (`baixa_producao`): only its cancellation reverses it. */
      apontamento?: string;
    }
  | { kind: 'reversed' }
  | { kind: 'reversal' };

export type StockState = {
  item: ItemDefinition | null;
  /**
   * The catalog deleted the item. Final: the catalog never saves into a deleted item, and a
   * batch with its SKU creates another item on another stream (spec/writes.md, Catalog batches).
   */
  excluido: boolean;
  /** Every location that has had a movement of the item. */
  locations: ReadonlyMap<string, LocationBalance>;
  movements: Map<string, MovementMemo>;
};

export const initialStockState = (): StockState => ({
  item: null,
  excluido: false,
  locations: new Map(),
  movements: new Map(),
});

/** Units and factor of an item cannot change once it has movements (spec/writes.md). */
export const hasMovements = (state: StockState): boolean => state.movements.size > 0;

/**
 * What the stock folds: its own events and the catalog's deletion of the item, which shares
 * the item's stream, so that a deleted item takes no more movements.
 */
export type StockFoldedEvent = StockEvent | InsumoExcluido;

/**
 * Copies the after-state recorded in the event: no arithmetic, so a fold over a long
 * stream is cheap and never depends on today's cost rules.
 *
 * Shortcut, on purpose: the movement index is updated in place and shared with the
 * returned state (copying it per event would make a fold quadratic). A state is consumed
 * by evolving it; keep an independent copy with fromSnapshot(toSnapshot(state)).
 */
export const evolveStock = (state: StockState, event: StockFoldedEvent): StockState => {
  const { type, data } = event;
  switch (type) {
    case 'InsumoDefinido.v1':
      return {
        ...state,
        item: {
          insumoId: data.insumo_id,
          sku: data.sku,
          unidadeCompra: data.unidade_compra,
          unidadeConsumo: data.unidade_consumo,
          fatorConversao: data.fator_conversao,
          custoReferencia: data.custo_referencia,
        },
      };
    case 'InsumoExcluido.v1':
      return { ...state, excluido: true };
    case 'MovimentoRegistrado.v1':
    case 'MovimentoEstornado.v1': {
      const locations = new Map(state.locations).set(data.local_id, {
        saldo: data.saldo,
        custoMedio: data.custo_medio,
        custoMedioBruto: data.custo_medio_bruto,
      });
      const movements = state.movements;
      if (type === 'MovimentoEstornado.v1') {
        movements.set(data.estornado_id, { kind: 'reversed' });
        movements.set(data.movimento_id, { kind: 'reversal' });
      } else {
        movements.set(data.movimento_id, {
          kind: 'reversible',
          localId: data.local_id,
          quantidade: data.quantidade,
          custoUnitario: data.custo_unitario,
          custoUnitarioBruto: data.custo_unitario_bruto,
          ...(data.tipo === 'baixa_producao' && data.origem === 'producao' && data.referencia !== null
            ? { apontamento: data.referencia }
            : {}),
        });
      }
      return { ...state, locations, movements };
    }
    default: {
      // Compile time: every folded event is handled. Run time: the catalog's other events on
      // this stream, and any added later, leave the stock state unchanged.
      const _unhandled: never = type;
      return state;
    }
  }
};
