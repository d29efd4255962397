import type { Projection } from '../projector/projection.js';
import { LINK_EVENTS, writeLinks } from './write-links.js';
import { NOTA_EVENTS, writeNotas } from './write-notas.js';
import { ORDER_EVENTS, writeOrders } from './write-orders.js';

export const PURCHASES_TABLES = [
  'compras_pedidos',
  'compras_pedido_itens',
  'compras_pedido_atendimentos',
  'compras_notas',
  'compras_nota_itens',
  'compras_vinculos',
] as const;

/** Its live checkpoint's name: the lists' stabilisation cut reads its watermark. */
export const PURCHASES_CHECKPOINT = 'compras';

/**
 * Purchase orders, received invoices and supplier links (compras.md). Each table is written
 * from its own events; none reads another's rows, so their order within a batch is free. Costs
 * and states are copied as the events decided them.
 */
export const purchasesProjection: Projection = {
  name: PURCHASES_CHECKPOINT,
  version: 1,
  handles: [...ORDER_EVENTS, ...NOTA_EVENTS, ...LINK_EVENTS],
  tables: PURCHASES_TABLES,
  indexedAfterBuild: ['compras_pedidos', 'compras_notas'],
  async apply(client, events, target) {
    const of = (types: readonly string[]) => events.filter((e) => types.includes(e.type));
    await writeOrders(client, target.schema, of(ORDER_EVENTS));
    await writeNotas(client, target.schema, of(NOTA_EVENTS));
    await writeLinks(client, target.schema, of(LINK_EVENTS));
  },
};
