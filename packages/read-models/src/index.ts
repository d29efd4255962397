export { CATALOG_TABLES, catalogProjection } from './catalog/catalog-projection.js';
export {
  type BillFilters,
  type BillLineRow,
  type BillRow,
  billsPageSql,
  findBill,
  listBills,
} from './catalog/queries/bills-query.js';
export {
  CATALOG_CHECKPOINT,
  type CatalogKeyset,
  type CatalogPageQuery,
} from './catalog/queries/catalog-page-sql.js';
export {
  findProduct,
  listProducts,
  type ProductFilters,
  type ProductRow,
  productsPageSql,
} from './catalog/queries/products-query.js';
export {
  findSupplier,
  listSuppliers,
  type SupplierFilters,
  type SupplierRow,
  suppliersPageSql,
} from './catalog/queries/suppliers-query.js';
export {
  findSupplyItem,
  listSupplyItems,
  type SupplyItemFilters,
  type SupplyItemRow,
  supplyItemsPageSql,
} from './catalog/queries/supply-items-query.js';
export { instantKeySql, type ListWindow, SqlValues, stabilizationCutSql } from './lists/list-sql.js';
export { shadowCheckpointName, versionSchema } from './operations/build-names.js';
export {
  type ProjectionState,
  type ProjectionStatus,
  readProjectionStatus,
} from './operations/projection-status.js';
export { followOpenRebuilds } from './operations/rebuild/follow-open-rebuilds.js';
export {
  REBUILD_JOB,
  type RebuildJobData,
  type RebuildJobOptions,
  rebuildJob,
} from './operations/rebuild/rebuild-job.js';
export {
  openRebuild,
  type RebuildRecord,
  RebuildRunningError,
  readRebuild,
  requestRebuild,
} from './operations/rebuild/rebuild-record.js';
export type { Difference } from './operations/verify/compare-tables.js';
export {
  type VerifyOptions,
  type VerifyResult,
  verifyProjections,
} from './operations/verify/verify-projections.js';
export { type NeedRow, planNeeds } from './production/plan-needs.js';
export { type PlanRow, readPlan } from './production/plan-query.js';
export { type PlanView, planView } from './production/plan-view.js';
export { PRODUCTION_TABLES, productionProjection } from './production/production-projection.js';
export {
  findRecord,
  listRecords,
  type RecordFilters,
  type RecordKeyset,
  type RecordPageQuery,
  type RecordRow,
  recordsPageSql,
} from './production/records-query.js';
export { PROJECTIONS } from './projections.js';
export { applyBatch, type BatchToApply, CheckpointMovedError } from './projector/apply-batch.js';
export {
  advanceWatermark,
  ensureCheckpoint,
  readCheckpoint,
  recordHeartbeat,
  type StoredCheckpoint,
} from './projector/checkpoints.js';
export { HeadTracker } from './projector/head-tracker.js';
export {
  type Partition,
  parsePartition,
  partitionCheckpointName,
  partitioned,
  partitionOf,
} from './projector/partition.js';
export {
  LIVE_SCHEMA,
  liveTarget,
  type Projection,
  type ProjectionTarget,
  qualifiedTable,
} from './projector/projection.js';
export {
  type HostedProjection,
  type Projector,
  type ProjectorOptions,
  SIGN_OF_LIFE_MS,
  startProjector,
} from './projector/projector.js';
export { type ProjectorLog, silentLog } from './projector/projector-log.js';
export type { BatchApplied } from './projector/run-projection.js';
export { waitUntilCaughtUp, waitUntilIndexesMade } from './projector/wait-for-projection.js';
export {
  type LinkFilters,
  type LinkKeyset,
  type LinkPageQuery,
  type LinkRow,
  linksPageSql,
  listLinks,
} from './purchases/links-query.js';
export {
  findNota,
  listNotas,
  type NotaFilters,
  type NotaItemRow,
  type NotaKeyset,
  type NotaPageQuery,
  type NotaRow,
  notasPageSql,
} from './purchases/notas-query.js';
export {
  findOrder,
  listOrders,
  type OrderFilters,
  type OrderKeyset,
  type OrderLineRow,
  type OrderPageQuery,
  type OrderRow,
  ordersPageSql,
} from './purchases/orders-query.js';
export {
  PURCHASES_CHECKPOINT,
  PURCHASES_TABLES,
  purchasesProjection,
} from './purchases/purchases-projection.js';
export {
  type BalanceFilters,
  type BalanceKeyset,
  type BalanceListRow,
  type BalancePageQuery,
  balancesPageSql,
  listBalances,
} from './stock/balances-query.js';
export { findStockItems, type StockItemRow } from './stock/items-query.js';
export {
  listMovements,
  type MovementFilters,
  type MovementKeyset,
  type MovementListRow,
  type MovementPageQuery,
  movementsPageSql,
} from './stock/movements-query.js';
export {
  type PositionFilters,
  type PositionKeyset,
  type PositionPage,
  type PositionPageQuery,
  type PositionRow,
  positionPageSql,
  readPosition,
} from './stock/position-query.js';
export { STOCK_TABLES, stockProjection } from './stock/stock-projection.js';
export {
  type BalanceChange,
  type BalanceChanges,
  foldBalances,
  foldMovements,
  type MovementColumns,
  STOCK_MOVEMENT_EVENTS,
} from './stock/stock-rows.js';
