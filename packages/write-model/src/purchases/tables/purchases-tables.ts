import type { InlineProjection } from '@factory/event-store';
import { purchaseOrderIndex } from './purchase-order-index.js';
import { purchaseReceiptIndex } from './purchase-receipt-index.js';

/** The purchases' write-side tables, among the write model's inline projections. */
export const purchasesTables: readonly InlineProjection[] = [
  purchaseOrderIndex as InlineProjection,
  purchaseReceiptIndex as InlineProjection,
];
