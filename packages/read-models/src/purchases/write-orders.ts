import type { PoolClient } from '@factory/database';
import type { PedidoCompraEvent } from '@factory/domain';
import type { RecordedEvent } from '@factory/event-store';
import { companyReader } from '../projector/event-company.js';
import { qualifiedTable } from '../projector/projection.js';

export const ORDER_EVENTS = [
  'PedidoCompraCriado.v1',
  'PedidoCompraCancelado.v1',
  'PedidoCompraAtendido.v1',
  'PedidoCompraAtendimentoDesfeito.v1',
] as const satisfies readonly PedidoCompraEvent['type'][];

/** What a batch changes in one order's header: its last decided state and when. */
interface HeaderChange {
  empresa_id: string;
  pedido_id: string;
  situacao: string;
  /** Set by a cancellation only; null leaves the stored reason. */
  motivo_cancelamento: string | null;
  at: string;
}

/**
 * A batch's purchase orders, in four statements at most:
 * 1. created orders and their lines inserted (a replayed one changes nothing), the total from
 *    the lines' prices (null when one has none), rounded to the cent;
 * 2. each receipt's quantities per line kept as facts (compras_pedido_atendimentos), marked
 *    undone when the receipt is cancelled, so that
 * 3. every touched line's `quantidade_recebida` is their sum, whatever was applied before;
 * 4. each touched header takes the state its last event of the batch decided.
 */
export async function writeOrders(
  client: PoolClient,
  schema: string,
  events: readonly RecordedEvent[],
): Promise<void> {
  const companyOf = companyReader();
  const created: unknown[] = [];
  const fulfilled: unknown[] = [];
  const undone: unknown[] = [];
  const headers = new Map<string, HeaderChange>();
  const change = (c: HeaderChange) => {
    const key = `${c.empresa_id}|${c.pedido_id}`;
    const before = headers.get(key);
    headers.set(key, {
      ...c,
      motivo_cancelamento: c.motivo_cancelamento ?? before?.motivo_cancelamento ?? null,
    });
  };
  for (const event of events) {
    const e = event as unknown as RecordedEvent<PedidoCompraEvent>;
    const empresa_id = companyOf(event);
    switch (e.type) {
      case 'PedidoCompraCriado.v1':
        created.push({
          empresa_id,
          ...e.data,
          itens: e.data.itens.map((item, i) => ({ ...item, posicao: i + 1 })),
        });
        break;
      case 'PedidoCompraCancelado.v1':
        change({
          empresa_id,
          pedido_id: e.data.pedido_id,
          situacao: 'cancelado',
          motivo_cancelamento: e.data.motivo,
          at: e.data.cancelado_em,
        });
        break;
      case 'PedidoCompraAtendido.v1':
        for (const item of e.data.itens)
          fulfilled.push({ empresa_id, pedido_id: e.data.pedido_id, nota_id: e.data.nota_id, ...item });
        change({
          empresa_id,
          pedido_id: e.data.pedido_id,
          situacao: e.data.situacao,
          motivo_cancelamento: null,
          at: e.data.atendido_em,
        });
        break;
      case 'PedidoCompraAtendimentoDesfeito.v1':
        undone.push({ empresa_id, pedido_id: e.data.pedido_id, nota_id: e.data.nota_id });
        change({
          empresa_id,
          pedido_id: e.data.pedido_id,
          situacao: e.data.situacao,
          motivo_cancelamento: null,
          at: e.data.desfeito_em,
        });
        break;
      default: {
        const unhandled: never = e;
        throw new Error(`not an order event: ${(unhandled as { type: string }).type}`);
      }
    }
  }
  const pedidos = qualifiedTable(schema, 'compras_pedidos');
  const itens = qualifiedTable(schema, 'compras_pedido_itens');
  const atendimentos = qualifiedTable(schema, 'compras_pedido_atendimentos');

  if (created.length > 0) {
    const rows = JSON.stringify(created);
    await client.query(
      `INSERT INTO ${pedidos} (empresa_id, id, numero, fornecedor_id, local_id, situacao, previsto_para,
                               condicao_pagamento, observacao, valor_total, motivo_cancelamento, criado_em, atualizado_em)
       SELECT r.empresa_id, r.pedido_id, r.numero, r.fornecedor_id, r.local_id, 'aberto', r.previsto_para,
              r.condicao_pagamento, r.observacao,
              (SELECT CASE WHEN bool_and(i.preco_unitario IS NOT NULL)
                           THEN round(sum(i.quantidade * i.preco_unitario), 2) END
                 FROM jsonb_to_recordset(r.itens) AS i(quantidade numeric, preco_unitario numeric)),
              NULL, r.criado_em, r.criado_em
         FROM jsonb_to_recordset($1::jsonb) AS r(empresa_id uuid, pedido_id uuid, numero integer,
              fornecedor_id uuid, local_id uuid, previsto_para date, condicao_pagamento jsonb,
              observacao text, itens jsonb, criado_em timestamptz)
       ON CONFLICT (empresa_id, id) DO NOTHING`,
      [rows],
    );
    await client.query(
      `INSERT INTO ${itens} (empresa_id, pedido_id, posicao, id, insumo_id, quantidade, unidade, preco_unitario,
                             quantidade_recebida)
       SELECT r.empresa_id, r.pedido_id, i.posicao, i.item_id, i.insumo_id, i.quantidade, i.unidade,
              i.preco_unitario, 0
         FROM jsonb_to_recordset($1::jsonb) AS r(empresa_id uuid, pedido_id uuid, itens jsonb),
              jsonb_to_recordset(r.itens) AS i(posicao integer, item_id uuid, insumo_id uuid, quantidade numeric,
                                               unidade text, preco_unitario numeric)
       ON CONFLICT (empresa_id, pedido_id, posicao) DO NOTHING`,
      [rows],
    );
  }
  if (fulfilled.length > 0)
    await client.query(
      `INSERT INTO ${atendimentos} (empresa_id, pedido_id, nota_id, item_id, quantidade, desfeito)
       SELECT r.empresa_id, r.pedido_id, r.nota_id, r.item_id, sum(r.quantidade), false
         FROM jsonb_to_recordset($1::jsonb)
              AS r(empresa_id uuid, pedido_id uuid, nota_id uuid, item_id uuid, quantidade numeric)
        GROUP BY r.empresa_id, r.pedido_id, r.nota_id, r.item_id
       ON CONFLICT (empresa_id, pedido_id, nota_id, item_id) DO NOTHING`,
      [JSON.stringify(fulfilled)],
    );
  if (undone.length > 0)
    await client.query(
      `UPDATE ${atendimentos} AS a SET desfeito = true
         FROM jsonb_to_recordset($1::jsonb) AS u(empresa_id uuid, pedido_id uuid, nota_id uuid)
        WHERE a.empresa_id = u.empresa_id AND a.pedido_id = u.pedido_id AND a.nota_id = u.nota_id`,
      [JSON.stringify(undone)],
    );
  if (headers.size === 0) return;
  const changed = JSON.stringify([...headers.values()]);
  if (fulfilled.length > 0 || undone.length > 0)
    await client.query(
      `UPDATE ${itens} AS i
          SET quantidade_recebida = coalesce(
                (SELECT sum(a.quantidade) FROM ${atendimentos} a
                  WHERE a.empresa_id = i.empresa_id AND a.pedido_id = i.pedido_id AND a.item_id = i.id
                    AND NOT a.desfeito), 0)
         FROM jsonb_to_recordset($1::jsonb) AS c(empresa_id uuid, pedido_id uuid)
        WHERE i.empresa_id = c.empresa_id AND i.pedido_id = c.pedido_id`,
      [changed],
    );
  await client.query(
    `UPDATE ${pedidos} AS p
        SET situacao = c.situacao,
            motivo_cancelamento = coalesce(c.motivo_cancelamento, p.motivo_cancelamento),
            atualizado_em = greatest(p.atualizado_em, c.at)
       FROM jsonb_to_recordset($1::jsonb)
            AS c(empresa_id uuid, pedido_id uuid, situacao text, motivo_cancelamento text, at timestamptz)
      WHERE p.empresa_id = c.empresa_id AND p.id = c.pedido_id`,
    [changed],
  );
}
