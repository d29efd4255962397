import {
  type InsumoParaCompra,
  type NfeDocumento,
  type PedidoCompraState,
  type ReceberNota,
  type StockState,
  stockDecider,
  type TaxProfile,
  xPedNumeros,
} from '@factory/domain';
import { readActiveLocations } from '@factory/tenants';
import { type LoadedStream, loadStream } from '../../load-stream.js';
import { stockSnapshots } from '../../stock/stock-snapshots.js';
import { stockStream } from '../../stock/stock-stream.js';
import { isUuid } from '../../uuid.js';
import { type LinksRecord, linksFold } from '../links-record.js';
import { type NotaRecord, notaFold } from '../nota-record.js';
import { type OrderRecord, orderFold } from '../order-record.js';
import { supplierByCnpj } from '../purchase-facts.js';
import { linksStream, notaStream, orderStream } from '../purchase-streams.js';
import type { PurchasesDeps } from '../purchases-deps.js';
import { ordersByNumber } from '../tables/purchase-order-index.js';

/** The body of a receipt (and of its preview), past the document's checks 1 to 3. */
export interface ReceberNotaInput {
  documento: NfeDocumento;
  local_id: string;
  pedido_id?: unknown;
  vinculos?: unknown;
  /** The company's (@factory/tenants' record, as the token's company): checks 4 and the costs. */
  empresaCnpj: string;
  perfil: TaxProfile;
}

/** Every stream and fact one receipt decides on, read for one attempt. */
export interface ReceiptInputs {
  localActive: boolean;
  fornecedorId: string | null;
  nota: { stream: string; loaded: LoadedStream<NotaRecord> };
  links: { stream: string; loaded: LoadedStream<LinksRecord> } | null;
  /** Every order the decision may touch, by id. */
  orders: Map<string, { stream: string; loaded: LoadedStream<OrderRecord> }>;
  /** The body's `pedido_id`'s order, when it names one of the company's. */
  pedido: PedidoCompraState | null;
  pedidosPorNumero: Map<number, PedidoCompraState>;
  /** The supply items' streams the links name (their stock states decide the movements). */
  stocks: Map<string, LoadedStream<StockState>>;
  insumos: Map<string, InsumoParaCompra>;
}

const lowerUuid = (value: unknown): string | null =>
  typeof value === 'string' && isUuid(value) ? value.toLowerCase() : null;

/**
 * Reads what the receipt's checks 4 to 8 and its movements need: the issuer among the company's
 * suppliers (write-side table), the access key's stream, the supplier's links stream, the orders
 * the body or the items' xPed name, and the stock streams of every supply item a link names.
 */
export async function readReceiptInputs(
  deps: PurchasesDeps,
  empresaId: string,
  input: ReceberNotaInput,
): Promise<ReceiptInputs> {
  const { documento } = input;
  const localId = lowerUuid(input.local_id);
  const [active, fornecedorId] = await Promise.all([
    localId === null
      ? Promise.resolve(new Set<string>())
      : readActiveLocations(deps.pool, [{ empresaId, localId }]),
    supplierByCnpj(deps, empresaId, documento.emit.cnpj),
  ]);
  const notaName = notaStream(empresaId, documento.chave);
  const linksName = fornecedorId === null ? null : linksStream(empresaId, fornecedorId);
  const bodyOrder = lowerUuid(input.pedido_id);
  const byNumber =
    fornecedorId === null || input.pedido_id != null
      ? new Map<number, string>()
      : await ordersByNumber(deps.pool, empresaId, xPedNumeros(documento.itens));
  const orderIds = [...new Set([...(bodyOrder === null ? [] : [bodyOrder]), ...byNumber.values()])];
  const [nota, links, orders] = await Promise.all([
    loadStream(deps.store, undefined, notaFold, notaName),
    linksName === null ? Promise.resolve(null) : loadStream(deps.store, undefined, linksFold, linksName),
    Promise.all(
      orderIds.map(async (id) => {
        const stream = orderStream(empresaId, id);
        return [id, { stream, loaded: await loadStream(deps.store, undefined, orderFold, stream) }] as const;
      }),
    ),
  ]);
  const codes = new Set(documento.itens.map((item) => item.cProd));
  const saved = links === null ? [] : [...links.state.links.values()].filter((l) => codes.has(l.codigo));
  const bodyLinks = Array.isArray(input.vinculos) ? (input.vinculos as Array<{ insumo_id?: unknown }>) : [];
  const insumoIds = [
    ...new Set([
      ...saved.map((l) => l.insumo_id),
      ...bodyLinks.flatMap((l) => {
        const id = lowerUuid(l?.insumo_id);
        return id === null ? [] : [id];
      }),
    ]),
  ];
  const loadedStocks = await Promise.all(
    insumoIds.map((id) => loadStream(deps.store, stockSnapshots, stockDecider, stockStream(empresaId, id))),
  );
  const stocks = new Map<string, LoadedStream<StockState>>();
  const insumos = new Map<string, InsumoParaCompra>();
  for (const [i, loaded] of loadedStocks.entries()) {
    const id = insumoIds[i]!;
    stocks.set(stockStream(empresaId, id), loaded);
    const item = loaded.state.item;
    if (item === null) continue;
    // A receipt checks only that the item is not deleted (compras.md, check 7).
    insumos.set(id, {
      ativo: true,
      excluido: loaded.state.excluido,
      unidade_compra: item.unidadeCompra,
      unidade_consumo: item.unidadeConsumo,
      fator_conversao: item.fatorConversao,
    });
  }
  const orderMap = new Map(orders);
  const stateOf = (id: string | undefined) =>
    id === undefined ? undefined : orderMap.get(id)?.loaded.state.state;
  const pedido = bodyOrder === null ? null : (stateOf(bodyOrder) ?? null);
  const pedidosPorNumero = new Map<number, PedidoCompraState>();
  for (const [numero, id] of byNumber) {
    const state = stateOf(id);
    if (state) pedidosPorNumero.set(numero, state);
  }
  return {
    localActive: active.size > 0,
    fornecedorId,
    nota: { stream: notaName, loaded: nota },
    links: linksName === null || links === null ? null : { stream: linksName, loaded: links },
    orders: orderMap,
    pedido: pedido?.pedido_id === null ? null : pedido,
    pedidosPorNumero,
    stocks,
    insumos,
  };
}

/** The domain's receipt command from the inputs read. */
export function receiptCommand(
  input: ReceberNotaInput,
  inputs: ReceiptInputs,
  ids: { nota_id: string; movimento_ids: readonly string[]; agora: string },
): ReceberNota {
  const linksState = inputs.links?.loaded.state.links;
  return {
    type: 'ReceberNota',
    data: {
      nota_id: ids.nota_id,
      local_id: input.local_id.toLowerCase(),
      pedido_id: lowerUuid(input.pedido_id) ?? input.pedido_id,
      vinculos: Array.isArray(input.vinculos)
        ? input.vinculos.map((v) =>
            typeof v === 'object' && v !== null
              ? {
                  ...v,
                  insumo_id:
                    lowerUuid((v as { insumo_id?: unknown }).insumo_id) ??
                    (v as { insumo_id?: unknown }).insumo_id,
                }
              : v,
          )
        : input.vinculos,
      movimento_ids: ids.movimento_ids,
      agora: ids.agora,
    },
    documento: input.documento,
    context: {
      empresaCnpj: input.empresaCnpj,
      perfil: input.perfil,
      fornecedorId: inputs.fornecedorId,
      nota: inputs.nota.loaded.state.state,
      vinculosSalvos: new Map(
        [...(linksState?.values() ?? [])].map((l) => [l.codigo, { insumo_id: l.insumo_id, fator: l.fator }]),
      ),
      insumos: inputs.insumos,
      pedido: inputs.pedido,
      pedidosPorNumero: inputs.pedidosPorNumero,
    },
  };
}
