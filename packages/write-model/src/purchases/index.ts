export type { CriarPedidoInput } from './criar-pedido/criar-pedido.js';
export type { SavedLink } from './links-record.js';
export type { RecordedNota } from './nota-record.js';
export type { RecordedOrder } from './order-record.js';
export type { PurchaseOutcome, PurchaseWriteOptions } from './purchases-deps.js';
export {
  createPurchasesWriteModel,
  type PurchasesWriteModel,
  type PurchasesWriteModelOptions,
} from './purchases-write-model.js';
export type { ReceberNotaInput } from './receber-nota/receipt-inputs.js';
export { purchasesTables } from './tables/purchases-tables.js';
