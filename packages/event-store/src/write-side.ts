/**
 * The write side's rows that must agree with the log, as data. Each names the event it follows
 * (`eventId`): it is written exactly when that event is written by the append carrying it, and an
 * adapter that writes it after the commit keys it by that id, so writing it twice is harmless.
 * The adapter owns how they are stored (PostgreSQL tables today, whatever the log); the write
 * side only says what they are.
 */
export type WriteSideRow =
  | MovementIndexRow
  | ProductRow
  | ProductAliasesRow
  | ActiveBillRow
  | SupplyItemRow
  | SupplierRow
  | KeyAnswerRow
  | SnapshotRow;

/** Movement → item: a reversal names only the movement. The revision is its event's. */
export interface MovementIndexRow {
  kind: 'movement_index';
  /** The movement's event, whose id is the movement's id. */
  eventId: string;
  empresaId: string;
  insumoId: string;
}

/**
 * A product's write-side record: its SKU (unique among the company's non-deleted products), its
 * place in a variation group, its manual cost. Fields left undefined keep their value; `sku`
 * given creates the record. `excluidoEm` marks it deleted, which frees its SKU.
 */
export interface ProductRow {
  kind: 'product';
  eventId: string;
  empresaId: string;
  produtoId: string;
  sku?: string;
  variacao?: unknown;
  custoManual?: string | null;
  excluidoEm?: string;
}

/** The whole set of a product's aliases (each unique in the company); empty frees them all. */
export interface ProductAliasesRow {
  kind: 'product_aliases';
  eventId: string;
  empresaId: string;
  produtoId: string;
  apelidos: readonly string[];
}

/** The product's active bill (the company's bill graph): its version and lines, or none. */
export interface ActiveBillRow {
  kind: 'active_bill';
  eventId: string;
  empresaId: string;
  produtoId: string;
  bill: {
    versao: number;
    linhas: ReadonlyArray<{
      insumo_id: string | null;
      componente_id: string | null;
      consumo: string;
      perda_pct: string;
    }>;
  } | null;
}

/**
 * A supply item's write-side record: SKU (unique among non-deleted items), units, factor,
 * reference cost. `sku` given creates it; undefined fields keep their value.
 */
export interface SupplyItemRow {
  kind: 'supply_item';
  eventId: string;
  empresaId: string;
  insumoId: string;
  sku?: string;
  unidadeCompra?: string;
  unidadeConsumo?: string;
  fatorConversao?: string;
  custoReferencia?: string | null;
  excluidoEm?: string;
}

/** A supplier's tax id (unique among non-deleted suppliers). `create` inserts the record. */
export interface SupplierRow {
  kind: 'supplier';
  eventId: string;
  empresaId: string;
  fornecedorId: string;
  create?: boolean;
  documento?: string | null;
  excluidoEm?: string;
}

/**
 * An idempotency key's answer, stored with the event whose global position it reports in
 * `positionHeader`. Stored only while `attemptId` still owns the key (a later attempt that took
 * it over answers for itself).
 */
export interface KeyAnswerRow {
  kind: 'key_answer';
  eventId: string;
  tokenId: string;
  key: string;
  attemptId: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  positionHeader: string;
}

/** A decided state of a stream at `revision` (an optimisation: only ever moves forward). */
export interface SnapshotRow {
  kind: 'snapshot';
  /** The last event the append writes to `stream`. */
  eventId: string;
  snapshot: SnapshotKind;
  stream: string;
  empresaId: string;
  revision: number;
  data: unknown;
}

/** Which decider's state a snapshot holds: one stream may have a snapshot of each kind. */
export type SnapshotKind = 'stock' | 'catalog';

/**
 * A key that one record of a company holds at a time. Claimed by the append that gives it to
 * `owner`, released by the one that takes it away (a rename, a deletion). The PostgreSQL adapter
 * in its default mode holds them in unique indexes of the rows above; an adapter whose rows come
 * after the commit claims them in the log itself (reservation streams appended atomically with
 * the events, the claim with expected revision `no_stream` or the release's revision).
 */
export interface UniqueKey {
  scope: 'produto_sku' | 'produto_apelido' | 'insumo_sku' | 'fornecedor_documento';
  empresaId: string;
  value: string;
}

export interface UniquenessChange {
  op: 'claim' | 'release';
  key: UniqueKey;
  /** The record id that holds (or held) the key. */
  owner: string;
}

/**
 * A write-side fact outside the streams that the caller decided on and that must still hold
 * when the events are written; any that fails stops the append, which answers which.
 * - `active_locations`: each (company, location) is an active location of its company.
 */
export type WriteCheck = {
  kind: 'active_locations';
  locations: ReadonlyArray<{ empresaId: string; localId: string }>;
};
