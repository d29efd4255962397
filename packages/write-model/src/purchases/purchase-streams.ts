import { PURCHASE_STREAM_CATEGORIES } from '@factory/domain';
import { streamName } from '@factory/event-store';

// The purchases streams (their categories are spelled once, in the domain's events module).

/** One purchase order's life: `pedido_compra-<empresa>-<pedido_id>`. */
export const orderStream = (empresaId: string, pedidoId: string): string =>
  streamName(PURCHASE_STREAM_CATEGORIES.pedido, empresaId, pedidoId);

/** Every receipt of one access key: `nota-<empresa>-<chave>`. */
export const notaStream = (empresaId: string, chave: string): string =>
  streamName(PURCHASE_STREAM_CATEGORIES.nota, empresaId, chave);

/** One supplier's item links: `vinculos-<empresa>-<fornecedor_id>`. */
export const linksStream = (empresaId: string, fornecedorId: string): string =>
  streamName(PURCHASE_STREAM_CATEGORIES.vinculos, empresaId, fornecedorId);
