import { streamName } from '@factory/event-store';

// Stream names carry the company (invariant 8). A supply item's catalog events share its stock
// stream (`estoque-<empresa>-<insumo>`, see ../stock/stock-stream.ts), so that "units cannot
// change once the item has movements" is decided on one stream.

/** A product and its bills of materials: `produto-<empresa_id>-<produto_id>`. */
export const productStream = (empresaId: string, produtoId: string): string =>
  streamName('produto', empresaId, produtoId);

/** `fornecedor-<empresa_id>-<fornecedor_id>`. */
export const supplierStream = (empresaId: string, fornecedorId: string): string =>
  streamName('fornecedor', empresaId, fornecedorId);
