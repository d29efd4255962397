import type { Pool } from '@factory/database';
import {
  type FornecedorState,
  fromSnapshot,
  type InsumoState,
  type ProdutoState,
  type StockSnapshot,
  toSnapshot,
} from '@factory/domain';
import { parseStreamName } from '@factory/event-store';
import type { SnapshotStore } from '../decider.js';

/** How one decider's state is kept as JSON; `decode` answers null for a shape it no longer reads. */
interface SnapshotCodec<S> {
  encode(state: S): unknown;
  decode(snapshot: unknown): S | null;
}

/** Catalog states kept in `catalog_snapshots`, one row per stream, moved only forward. */
export function catalogSnapshots<S>(pool: Pool, codec: SnapshotCodec<S>): SnapshotStore<S> {
  return {
    async load(stream) {
      const { rows } = await pool.query<{ revision: number; snapshot: unknown }>(
        'SELECT revision, snapshot FROM catalog_snapshots WHERE stream = $1',
        [stream],
      );
      const row = rows[0];
      const state = row ? codec.decode(row.snapshot) : null;
      return row && state ? { revision: row.revision, state } : null;
    },
    async save(stream, revision, state) {
      const empresaId = parseStreamName(stream)?.companyId;
      if (empresaId === undefined) throw new Error(`not a company stream: ${stream}`);
      await pool.query(
        `INSERT INTO catalog_snapshots (stream, empresa_id, revision, snapshot) VALUES ($1, $2, $3, $4)
         ON CONFLICT (stream) DO UPDATE SET revision = EXCLUDED.revision, snapshot = EXCLUDED.snapshot
          WHERE catalog_snapshots.revision < EXCLUDED.revision`,
        [stream, empresaId, revision, JSON.stringify(codec.encode(state))],
      );
    },
  };
}

type Versioned<T> = T & { versao: 1 };

const isVersion1 = (snapshot: unknown): snapshot is Versioned<Record<string, unknown>> =>
  typeof snapshot === 'object' && snapshot !== null && (snapshot as { versao?: unknown }).versao === 1;

/** Product and supplier states are plain JSON already. */
function plainCodec<S extends object>(): SnapshotCodec<S> {
  return {
    encode: (state) => ({ versao: 1, state }),
    decode: (snapshot) => (isVersion1(snapshot) ? (snapshot.state as S) : null),
  };
}

export const productCodec = plainCodec<ProdutoState>();
export const supplierCodec = plainCodec<FornecedorState>();

/** A supply item's catalog state holds the stock state, whose maps need the stock's own codec. */
export const supplyItemCodec: SnapshotCodec<InsumoState> = {
  encode: ({ stock, ...catalog }) => ({ versao: 1, catalog, stock: toSnapshot(stock) }),
  decode(snapshot) {
    if (!isVersion1(snapshot)) return null;
    const stock = fromSnapshot(snapshot.stock as StockSnapshot);
    return stock === null ? null : { ...(snapshot.catalog as Omit<InsumoState, 'stock'>), stock };
  },
};
