import { accept, type Checked } from '../../catalog/checked.js';
import { conflict, type RegistrarMovimento, validation } from '../../stock/commands.js';
import { Dec, type DecimalText, toText } from '../../stock/money.js';
import type {
  Ambiente,
  ItemNotaRecebido,
  NotaRecebida,
  PedidoCompraAtendido,
  VinculoFornecedorDefinido,
} from '../events.js';
import { atenderPedido } from '../order/fulfilment.js';
import type { PedidoCompraState } from '../order/state.js';
import type { ReceberNota } from './commands.js';
import { type EntryCost, entryCost } from './entry-cost.js';
import { type ItemVinculado, resolveLinks, type SituacaoVinculo } from './links.js';
import { activeReceipt } from './nota-state.js';

/** What one receipt writes, all in one append: the Nota, links learned, movements, the order's progress. */
export type Recebimento = {
  nota: NotaRecebida;
  /** On the supplier's links stream. */
  vinculos: VinculoFornecedorDefinido[];
  /** One `entrada_nfe` per item, for the stock decider of each supply item's stream. */
  movimentos: RegistrarMovimento[];
  /** On the order's stream; null when the receipt names no order or touches none of its lines. */
  pedido: PedidoCompraAtendido | null;
};

/** An item of the preview: the Nota's item with what is not known yet as null. */
export type ItemPrevia = {
  n_item: number;
  codigo: string;
  descricao: string;
  ncm: string | null;
  cfop: string | null;
  unidade: string;
  quantidade: DecimalText;
  insumo_id: string | null;
  fator: DecimalText | null;
  quantidade_consumo: DecimalText | null;
  custo_unitario: DecimalText | null;
  custo_unitario_bruto: DecimalText | null;
  creditos: DecimalText | null;
  movimento_id: null;
  situacao_vinculo: SituacaoVinculo;
};

export type PreviaRecebimento = Omit<NotaRecebida['data'], 'nota_id' | 'itens'> & {
  nota_id: null;
  itens: ItemPrevia[];
};

/** Receives the invoice: checks 4 to 8 in compras.md's order, the first failure refused. */
export function decideReceberNota(command: ReceberNota): Checked<Recebimento> {
  const checked = runChecks(command, true);
  if (!checked.ok) return checked;
  const { itens: linked, pedido, pedidoId } = checked.value;
  const { data, documento } = command;
  const fornecedorId = command.context.fornecedorId as string;
  const itens: ItemNotaRecebido[] = [];
  const movimentos: RegistrarMovimento[] = [];
  const recebidoPorInsumo = new Map<string, Dec>();
  for (const [i, { item, link }] of linked.entries()) {
    if (!link) throw new Error('unreachable: check 7 leaves no item unlinked');
    const cost = costOf(command, item, link.fator);
    const movimento_id = data.movimento_ids[i];
    if (movimento_id === undefined) throw new RangeError('one movement id per invoice item is needed');
    itens.push({
      ...invoiceFields(item),
      insumo_id: link.insumo_id,
      fator: toText(link.fator),
      quantidade_consumo: toText(cost.quantidadeConsumo),
      valor_bruto: toText(cost.bruto),
      valor_liquido: toText(cost.liquido),
      custo_unitario: toText(cost.custoUnitario),
      custo_unitario_bruto: toText(cost.custoUnitarioBruto),
      creditos: toText(cost.creditos.total),
      creditos_detalhe: {
        icms: toText(cost.creditos.icms),
        ipi: toText(cost.creditos.ipi),
        pis_cofins: toText(cost.creditos.pisCofins),
      },
      movimento_id,
    });
    movimentos.push({
      type: 'RegistrarMovimento',
      data: {
        movimento_id,
        insumo_id: link.insumo_id,
        local_id: data.local_id,
        tipo: 'entrada_nfe',
        quantidade: toText(cost.quantidadeConsumo),
        unidade: null,
        custo_unitario: toText(cost.custoUnitario),
        custo_unitario_bruto: toText(cost.custoUnitarioBruto),
        referencia: documento.chave,
        motivo: null,
        origem: 'nfe',
        criado_em: data.agora,
      },
    });
    const purchaseUnits = cost.quantidadeConsumo.div(link.insumo.fator_conversao);
    recebidoPorInsumo.set(
      link.insumo_id,
      (recebidoPorInsumo.get(link.insumo_id) ?? new Dec(0)).plus(purchaseUnits),
    );
  }
  return accept({
    nota: {
      type: 'NotaRecebida.v1',
      data: { ...header(command, fornecedorId, pedidoId), nota_id: data.nota_id, itens },
    },
    vinculos: learnedLinks(command, linked, fornecedorId),
    movimentos,
    pedido: pedido ? atenderPedido(pedido, data.nota_id, recebidoPorInsumo, data.agora) : null,
  });
}

/**
 * The preview: the same checks but 7 (an unlinked item is `sem_vinculo`, its mapped values and
 * costs null), the Nota it would record with `nota_id` and `movimento_id` null. Writes nothing.
 */
export function previewReceipt(command: ReceberNota): Checked<PreviaRecebimento> {
  const checked = runChecks(command, false);
  if (!checked.ok) return checked;
  const fornecedorId = command.context.fornecedorId as string;
  const itens = checked.value.itens.map(({ item, link, situacao }): ItemPrevia => {
    const cost = link ? costOf(command, item, link.fator) : null;
    return {
      ...invoiceFields(item),
      insumo_id: link?.insumo_id ?? null,
      fator: link ? toText(link.fator) : null,
      quantidade_consumo: cost ? toText(cost.quantidadeConsumo) : null,
      custo_unitario: cost ? toText(cost.custoUnitario) : null,
      custo_unitario_bruto: cost ? toText(cost.custoUnitarioBruto) : null,
      creditos: cost ? toText(cost.creditos.total) : null,
      movimento_id: null,
      situacao_vinculo: situacao,
    };
  });
  return accept({ ...header(command, fornecedorId, checked.value.pedidoId), nota_id: null, itens });
}

type Checks = { itens: ItemVinculado[]; pedido: PedidoCompraState | null; pedidoId: string | null };

function runChecks(command: ReceberNota, exigirVinculos: boolean): Checked<Checks> {
  const { documento, context } = command;
  // 4. The invoice is addressed to this company.
  if (documento.dest.cnpj !== context.empresaCnpj) {
    return validation(
      'xml',
      `o destinatário da NF-e (${documento.dest.cnpj ? `CNPJ ${documento.dest.cnpj}` : 'sem CNPJ'}) não é esta empresa`,
    );
  }
  // 5. The issuer is a supplier of the company.
  if (context.fornecedorId === null || documento.emit.cnpj === null) {
    return validation(
      'xml',
      documento.emit.cnpj
        ? `o emitente da NF-e (CNPJ ${documento.emit.cnpj}) não é fornecedor da empresa: cadastre o fornecedor antes`
        : 'o emitente da NF-e não tem CNPJ: só se recebem notas de fornecedores cadastrados por CNPJ',
    );
  }
  // 6. Not received already (a cancelled receipt does not count).
  if (activeReceipt(context.nota)) return conflict(`a NF-e de chave ${documento.chave} já foi recebida`);
  // 7. Every item linked to a supply item.
  const itens = resolveLinks(
    documento.itens,
    command.data.vinculos,
    context.vinculosSalvos,
    context.insumos,
    exigirVinculos,
  );
  if (!itens.ok) return itens;
  // 8. The purchase order it fulfils.
  const pedido = orderOf(command);
  if (!pedido.ok) return pedido;
  return accept({ itens: itens.value, pedido: pedido.value, pedidoId: pedido.value?.pedido_id ?? null });
}

const OPEN = new Set(['aberto', 'parcial']);

function orderOf(command: ReceberNota): Checked<PedidoCompraState | null> {
  const { data, context, documento } = command;
  const fornecedorId = context.fornecedorId;
  if (data.pedido_id !== undefined && data.pedido_id !== null) {
    const pedido = context.pedido;
    if (typeof data.pedido_id !== 'string' || !pedido || pedido.pedido_id !== data.pedido_id) {
      return validation('pedido_id', 'pedido de compra inexistente');
    }
    if (pedido.fornecedor_id !== fornecedorId) return conflict('o pedido de compra é de outro fornecedor');
    if (!OPEN.has(pedido.situacao))
      return conflict(`o pedido de compra ${pedido.numero} já está ${pedido.situacao}`);
    return accept(pedido);
  }
  // Absent: the first item whose xPed names the numero of an open order of the same supplier.
  for (const numero of xPedNumeros(documento.itens)) {
    const pedido = context.pedidosPorNumero.get(numero);
    if (
      pedido &&
      pedido.pedido_id !== null &&
      pedido.fornecedor_id === fornecedorId &&
      OPEN.has(pedido.situacao)
    ) {
      return accept(pedido);
    }
  }
  return accept(null);
}

/** The order numbers the items' `xPed` name (whole numbers only), in item order, each once. */
export function xPedNumeros(itens: readonly { xPed: string | null }[]): number[] {
  const numeros = itens
    .map((item) => item.xPed?.trim() ?? '')
    .filter((xPed) => /^\d{1,9}$/.test(xPed))
    .map(Number)
    .filter((numero) => numero > 0);
  return [...new Set(numeros)];
}

function costOf(command: ReceberNota, item: ItemVinculado['item'], fator: Dec): EntryCost {
  return entryCost(item, command.documento.emit.crt, command.context.perfil, fator);
}

function invoiceFields(item: ItemVinculado['item']) {
  return {
    n_item: item.nItem,
    codigo: item.cProd,
    descricao: item.xProd,
    ncm: item.ncm,
    cfop: item.cfop,
    unidade: item.uCom,
    quantidade: toText(new Dec(item.qCom)),
  };
}

const AMBIENTE: Record<1 | 2, Ambiente> = { 1: 'producao', 2: 'homologacao' };

function header(command: ReceberNota, fornecedorId: string, pedidoId: string | null) {
  const { documento, data } = command;
  return {
    chave: documento.chave,
    tipo: 'entrada' as const,
    modelo: documento.modelo,
    serie: documento.serie,
    numero: documento.numero,
    emitida_em: utc(documento.dhEmi),
    ambiente: AMBIENTE[documento.tpAmb],
    fornecedor_id: fornecedorId,
    emitente_cnpj: documento.emit.cnpj as string,
    pedido_id: pedidoId,
    local_id: data.local_id,
    valor_total: toText(new Dec(documento.vNF)),
    recebida_em: data.agora,
  };
}

/** `dhEmi` (with its offset) as the UTC instant the read conventions show. */
const utc = (dhEmi: string): string => new Date(dhEmi).toISOString().replace('Z', '+00:00');

/** The body's links, saved for the supplier's codes; a link equal to the saved one is not rewritten. */
function learnedLinks(
  command: ReceberNota,
  linked: readonly ItemVinculado[],
  fornecedorId: string,
): VinculoFornecedorDefinido[] {
  const events: VinculoFornecedorDefinido[] = [];
  for (const { item, link, situacao } of linked) {
    if (situacao !== 'vinculado' || !link) continue;
    const saved = command.context.vinculosSalvos.get(item.cProd);
    if (saved && saved.insumo_id === link.insumo_id && new Dec(saved.fator).eq(link.fator)) continue;
    events.push({
      type: 'VinculoFornecedorDefinido.v1',
      data: {
        fornecedor_id: fornecedorId,
        codigo: item.cProd,
        insumo_id: link.insumo_id,
        fator: toText(link.fator),
        origem: 'recebimento',
        nota_id: command.data.nota_id,
        definido_em: command.data.agora,
      },
    });
  }
  return events;
}
