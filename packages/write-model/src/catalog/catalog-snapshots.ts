// Catalog states are kept as snapshots of kind 'catalog', one per stream, moved only forward.
import {
  type FornecedorState,
  fromSnapshot,
  type InsumoState,
  type ProdutoState,
  type StockSnapshot,
  toSnapshot,
} from '@factory/domain';
import type { SnapshotCodec } from '../decider.js';

type Versioned<T> = T & { versao: 1 };

const isVersion1 = (snapshot: unknown): snapshot is Versioned<Record<string, unknown>> =>
  typeof snapshot === 'object' && snapshot !== null && (snapshot as { versao?: unknown }).versao === 1;

/** Product and supplier states are plain JSON already. */
function plainCodec<S extends object>(): SnapshotCodec<S> {
  return {
    kind: 'catalog',
    encode: (state) => ({ versao: 1, state }),
    decode: (snapshot) => (isVersion1(snapshot) ? (snapshot.state as S) : null),
  };
}

export const productCodec = plainCodec<ProdutoState>();
export const supplierCodec = plainCodec<FornecedorState>();

/** A supply item's catalog state holds the stock state, whose maps need the stock's own codec. */
export const supplyItemCodec: SnapshotCodec<InsumoState> = {
  kind: 'catalog',
  encode: ({ stock, ...catalog }) => ({ versao: 1, catalog, stock: toSnapshot(stock) }),
  decode(snapshot) {
    if (!isVersion1(snapshot)) return null;
    const stock = fromSnapshot(snapshot.stock as StockSnapshot);
    return stock === null ? null : { ...(snapshot.catalog as Omit<InsumoState, 'stock'>), stock };
  },
};
