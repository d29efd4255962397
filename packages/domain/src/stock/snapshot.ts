import type { ItemDefinition, LocationBalance, MovementMemo, StockState } from './state.js';

/**
 * The decided state as plain JSON, to store beside the stream revision it reflects: the
 * handler then loads the snapshot and folds only the events after it.
 * Size: a few hundred bytes per location plus, per movement, its id and (while it can
 * still be reversed) four short fields; reversed movements and reversals keep their id
 * only. Roughly 150 bytes per movement, i.e. about 1.5 MB for 10,000 movements of one
 * item (years of a busy item); a cut-off for reversals would bound it, the spec sets none.
 *
 * Version 2 added `excluido`. A version 1 snapshot is not read with a default: the fold
 * that wrote it ignored the item's deletion, so one taken after a deletion would bring the
 * item back to life. It is refolded from the stream instead, once, like any unknown shape.
 */
export type StockSnapshot = {
  versao: 2;
  item: ItemDefinition | null;
  excluido: boolean;
  locais: [string, LocationBalance][];
  movimentos: [string, MovementMemo][];
};

export const toSnapshot = (state: StockState): StockSnapshot => ({
  versao: 2,
  item: state.item === null ? null : { ...state.item },
  excluido: state.excluido,
  locais: [...state.locations].map(([id, balance]) => [id, { ...balance }]),
  movimentos: [...state.movements].map(([id, memo]) => [id, { ...memo }]),
});

/**
 * Null for a snapshot of another version (stored JSON may be of any): rebuild the state
 * from the stream instead.
 */
export const fromSnapshot = (snapshot: StockSnapshot): StockState | null => {
  if (snapshot.versao !== 2) return null;
  return {
    item: snapshot.item === null ? null : { ...snapshot.item },
    excluido: snapshot.excluido,
    locations: new Map(snapshot.locais.map(([id, balance]) => [id, { ...balance }])),
    movements: new Map(snapshot.movimentos.map(([id, memo]) => [id, { ...memo }])),
  };
};
