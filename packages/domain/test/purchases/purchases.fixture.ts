// Builders for the purchases decision tests: a parsed invoice, the facts a receipt reads, an
// order folded from its events. Not exported by the package.

import type { PedidoCompraEvent } from '../../src/purchases/events.js';
import type { NfeDocumento, NfeItem } from '../../src/purchases/nota-fiscal.js';
import type { InsumoParaCompra } from '../../src/purchases/order/commands.js';
import {
  evolvePedidoCompra,
  initialPedidoCompraState,
  type PedidoCompraState,
} from '../../src/purchases/order/state.js';
import type { ReceberNota } from '../../src/purchases/receipt/commands.js';
import { initialNotaState } from '../../src/purchases/receipt/nota-state.js';

export const AGORA = '2026-03-02T13:00:00.000+00:00';
export const EMPRESA_CNPJ = '58716523000119';
export const FORNECEDOR = 'fornecedor-1';
export const FORNECEDOR_CNPJ = '11222333000181';
export const LOCAL = 'local-a';
export const CHAVE = '35260311222333000181550010000012341000098767';
export const CHAPA = 'insumo-chapa';
export const TINTA = 'insumo-tinta';

export const insumo = (overrides: Partial<InsumoParaCompra> = {}): InsumoParaCompra => ({
  ativo: true,
  excluido: false,
  unidade_compra: 'cx',
  unidade_consumo: 'un',
  fator_conversao: '12',
  ...overrides,
});

export const nfeItem = (
  nItem: number,
  overrides: Partial<Omit<NfeItem, 'icms'>> & { icms?: Partial<NfeItem['icms']> } = {},
): NfeItem => ({
  nItem,
  cProd: `P-${nItem}`,
  xProd: `Item ${nItem}`,
  ncm: '72085100',
  cfop: '5101',
  uCom: 'CX',
  qCom: '2.0000',
  vUnCom: '60',
  vProd: '120.00',
  vFrete: '0',
  vSeg: '0',
  vOutro: '0',
  vDesc: '0',
  vIPI: '0',
  xPed: null,
  ...overrides,
  icms: {
    grupo: 'ICMS00',
    cst: '00',
    csosn: null,
    vICMS: '0',
    vICMSST: '0',
    vFCPST: '0',
    vCredICMSSN: '0',
    ...overrides.icms,
  },
});

export const documento = (itens: NfeItem[], overrides: Partial<NfeDocumento> = {}): NfeDocumento => ({
  chave: CHAVE,
  modelo: 55,
  serie: 1,
  numero: 1234,
  dhEmi: '2026-03-02T10:00:00-03:00',
  tpAmb: 1,
  emit: { cnpj: FORNECEDOR_CNPJ, crt: 3 },
  dest: { cnpj: EMPRESA_CNPJ },
  vNF: '240.00',
  itens,
  ...overrides,
});

/** A receipt of `doc` with every fact in order, overridable in any part. */
export function receber(
  doc: NfeDocumento,
  data: Partial<ReceberNota['data']> = {},
  context: Partial<ReceberNota['context']> = {},
): ReceberNota {
  return {
    type: 'ReceberNota',
    data: {
      nota_id: 'nota-1',
      local_id: LOCAL,
      movimento_ids: doc.itens.map((item) => `mov-${item.nItem}`),
      agora: AGORA,
      ...data,
    },
    documento: doc,
    context: {
      empresaCnpj: EMPRESA_CNPJ,
      perfil: { regimeTributario: 'simples', contribuinteIpi: false },
      fornecedorId: FORNECEDOR,
      nota: initialNotaState(),
      vinculosSalvos: new Map(),
      insumos: new Map([
        [CHAPA, insumo()],
        [TINTA, insumo({ unidade_compra: 'lata', unidade_consumo: 'l', fator_conversao: '18' })],
      ]),
      pedido: null,
      pedidosPorNumero: new Map(),
      ...context,
    },
  };
}

export const foldPedido = (events: readonly PedidoCompraEvent[]): PedidoCompraState =>
  events.reduce(evolvePedidoCompra, initialPedidoCompraState());

/** An order of CHAPA (10 cx) and TINTA (4 lata) from FORNECEDOR. */
export const pedidoCriado = (
  overrides: Partial<Extract<PedidoCompraEvent, { type: 'PedidoCompraCriado.v1' }>['data']> = {},
): PedidoCompraEvent => ({
  type: 'PedidoCompraCriado.v1',
  data: {
    pedido_id: 'pedido-1',
    numero: 7,
    fornecedor_id: FORNECEDOR,
    local_id: LOCAL,
    previsto_para: '2026-03-09',
    condicao_pagamento: [30],
    observacao: null,
    itens: [
      { item_id: 'linha-1', insumo_id: CHAPA, quantidade: '10', unidade: 'cx', preco_unitario: '60' },
      { item_id: 'linha-2', insumo_id: TINTA, quantidade: '4', unidade: 'lata', preco_unitario: null },
    ],
    criado_em: AGORA,
    ...overrides,
  },
});
