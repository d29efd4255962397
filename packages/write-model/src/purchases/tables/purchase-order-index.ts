import type { Pool } from '@factory/database';
import type { PedidoCompraCriado } from '@factory/domain';
import { type InlineProjection, type ProjectedRow, parseStreamName, projected } from '@factory/event-store';

/** `purchase_order_index`: an order's number and supplier, by which receipts find it (xPed). */
export interface OrderIndexRow {
  pedidoId: string;
  empresaId: string;
  fornecedorId: string;
  numero: number;
}

export const orderIndexRow = (empresaId: string, event: PedidoCompraCriado): ProjectedRow =>
  projected(purchaseOrderIndex, {
    pedidoId: event.data.pedido_id,
    empresaId,
    fornecedorId: event.data.fornecedor_id,
    numero: event.data.numero,
  });

export const purchaseOrderIndex: InlineProjection<OrderIndexRow> = {
  name: 'purchase_order_index',
  rowsOf(event) {
    const empresaId = parseStreamName(event.stream)?.companyId;
    if (empresaId === undefined || event.type !== 'PedidoCompraCriado.v1') return [];
    const { pedido_id, fornecedor_id, numero } = (event as unknown as PedidoCompraCriado).data;
    return [{ pedidoId: pedido_id, empresaId, fornecedorId: fornecedor_id, numero }];
  },
  write: (rows) => ({
    text: `INSERT INTO purchase_order_index (pedido_id, empresa_id, fornecedor_id, numero)
           SELECT x.pedido_id, x.empresa_id, x.fornecedor_id, x.numero
             FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[])
                    AS x(pedido_id, empresa_id, fornecedor_id, numero)
             JOIN appended AS a ON a.event_id = x.pedido_id
           ON CONFLICT (pedido_id) DO NOTHING`,
    values: [
      rows.map((r) => r.pedidoId),
      rows.map((r) => r.empresaId),
      rows.map((r) => r.fornecedorId),
      rows.map((r) => r.numero),
    ],
  }),
};

/** The company's highest order number so far (0 before its first order). */
export async function lastOrderNumber(pool: Pool, empresaId: string): Promise<number> {
  const { rows } = await pool.query<{ numero: number }>(
    'SELECT coalesce(max(numero), 0)::int AS numero FROM purchase_order_index WHERE empresa_id = $1',
    [empresaId],
  );
  return rows[0]?.numero ?? 0;
}

/** The company's orders with these numbers, by number. */
export async function ordersByNumber(
  pool: Pool,
  empresaId: string,
  numeros: readonly number[],
): Promise<Map<number, string>> {
  if (numeros.length === 0) return new Map();
  const { rows } = await pool.query<{ numero: number; pedido_id: string }>(
    'SELECT numero, pedido_id FROM purchase_order_index WHERE empresa_id = $1 AND numero = ANY($2::int[])',
    [empresaId, numeros],
  );
  return new Map(rows.map((r) => [r.numero, r.pedido_id]));
}
