// Appends purchases events to the log for the read side's tests, as the write side will once it
// exists: one stream per order, per access key, per supplier's links (events.ts). The facts are
// given as decided (states, costs), since the projection only copies them. Test support, kept
// out of the package's src and its build; import it by path.
import { randomUUID } from 'node:crypto';
import {
  type ItemNotaRecebido,
  type NotaRecebida,
  PURCHASE_STREAM_CATEGORIES,
  type PurchasesEvent,
  type SituacaoPedido,
} from '@factory/domain';
import { type EventStore, streamName } from '@factory/event-store';

export interface OrderLine {
  item_id: string;
  insumo_id: string;
  quantidade: string;
  preco_unitario: string | null;
}

export interface CreatedOrder {
  pedido_id: string;
  itens: OrderLine[];
}

export type NotaData = NotaRecebida['data'];

export class PurchasesWriter {
  constructor(
    readonly store: EventStore,
    readonly empresaId: string,
  ) {}

  async #append(category: string, entity: string, event: PurchasesEvent, at: string): Promise<void> {
    await this.store.appendToStream(
      streamName(category, this.empresaId, entity),
      [{ id: randomUUID(), ...event, created: new Date(at) }],
      { expectedRevision: 'any' },
    );
  }

  async pedido(
    at: string,
    options: {
      numero: number;
      fornecedor_id?: string;
      local_id?: string;
      previsto_para?: string;
      condicao_pagamento?: number[] | null;
      observacao?: string | null;
      itens: Array<{ insumo_id?: string; quantidade: string; preco_unitario?: string | null }>;
    },
  ): Promise<CreatedOrder> {
    const pedido_id = randomUUID();
    const itens = options.itens.map((i) => ({
      item_id: randomUUID(),
      insumo_id: i.insumo_id ?? randomUUID(),
      quantidade: i.quantidade,
      preco_unitario: i.preco_unitario ?? null,
    }));
    await this.#append(
      PURCHASE_STREAM_CATEGORIES.pedido,
      pedido_id,
      {
        type: 'PedidoCompraCriado.v1',
        data: {
          pedido_id,
          numero: options.numero,
          fornecedor_id: options.fornecedor_id ?? randomUUID(),
          local_id: options.local_id ?? randomUUID(),
          previsto_para: options.previsto_para ?? '2026-03-12',
          condicao_pagamento: options.condicao_pagamento ?? null,
          observacao: options.observacao ?? null,
          itens: itens.map((i) => ({ ...i, unidade: 'kg' })),
          criado_em: at,
        },
      },
      at,
    );
    return { pedido_id, itens };
  }

  async atender(
    at: string,
    pedido: CreatedOrder,
    nota_id: string,
    quantidades: Array<[line: number, quantidade: string]>,
    situacao: SituacaoPedido,
  ): Promise<void> {
    await this.#append(
      PURCHASE_STREAM_CATEGORIES.pedido,
      pedido.pedido_id,
      {
        type: 'PedidoCompraAtendido.v1',
        data: {
          pedido_id: pedido.pedido_id,
          nota_id,
          itens: quantidades.map(([line, quantidade]) => ({
            item_id: pedido.itens[line]!.item_id,
            insumo_id: pedido.itens[line]!.insumo_id,
            quantidade,
          })),
          situacao,
          atendido_em: at,
        },
      },
      at,
    );
  }

  async desfazer(
    at: string,
    pedido: CreatedOrder,
    nota_id: string,
    quantidades: Array<[line: number, quantidade: string]>,
    situacao: SituacaoPedido,
  ): Promise<void> {
    await this.#append(
      PURCHASE_STREAM_CATEGORIES.pedido,
      pedido.pedido_id,
      {
        type: 'PedidoCompraAtendimentoDesfeito.v1',
        data: {
          pedido_id: pedido.pedido_id,
          nota_id,
          itens: quantidades.map(([line, quantidade]) => ({
            item_id: pedido.itens[line]!.item_id,
            insumo_id: pedido.itens[line]!.insumo_id,
            quantidade,
          })),
          situacao,
          desfeito_em: at,
        },
      },
      at,
    );
  }

  async cancelarPedido(at: string, pedido_id: string, motivo: string | null): Promise<void> {
    await this.#append(
      PURCHASE_STREAM_CATEGORIES.pedido,
      pedido_id,
      { type: 'PedidoCompraCancelado.v1', data: { pedido_id, motivo, cancelado_em: at } },
      at,
    );
  }

  /** Receives an invoice of one item per entry of `itens` (defaults for the rest); returns its data. */
  async receber(
    at: string,
    options: Partial<Omit<NotaData, 'itens'>> & { itens?: Array<Partial<ItemNotaRecebido>> },
  ): Promise<NotaData> {
    const data: NotaData = {
      nota_id: randomUUID(),
      chave: options.chave ?? chaveAleatoria(),
      tipo: 'entrada',
      modelo: 55,
      serie: 1,
      numero: 4521,
      emitida_em: at,
      ambiente: 'producao',
      fornecedor_id: randomUUID(),
      emitente_cnpj: '11222333000181',
      pedido_id: null,
      local_id: randomUUID(),
      valor_total: '1296.75',
      recebida_em: at,
      ...options,
      itens: (options.itens ?? [{}]).map((item, i) => ({
        n_item: i + 1,
        codigo: `COD-${i + 1}`,
        descricao: 'MALHA PV AZUL 180G',
        ncm: '60063200',
        cfop: '6101',
        unidade: 'KG',
        quantidade: '30.0000',
        insumo_id: randomUUID(),
        fator: '3.2',
        quantidade_consumo: '96',
        valor_bruto: '1296.75',
        valor_liquido: '1078.12',
        custo_unitario: '11.230417',
        custo_unitario_bruto: '13.507813',
        creditos: '218.63',
        creditos_detalhe: { icms: '155.4', ipi: '0', pis_cofins: '63.23' },
        movimento_id: randomUUID(),
        ...item,
      })),
    };
    await this.#append(PURCHASE_STREAM_CATEGORIES.nota, data.chave, { type: 'NotaRecebida.v1', data }, at);
    return data;
  }

  async cancelarNota(at: string, nota: NotaData, motivo: string | null = null): Promise<void> {
    await this.#append(
      PURCHASE_STREAM_CATEGORIES.nota,
      nota.chave,
      {
        type: 'NotaCancelada.v1',
        data: {
          nota_id: nota.nota_id,
          chave: nota.chave,
          pedido_id: nota.pedido_id,
          motivo,
          estornos: nota.itens.map(() => randomUUID()),
          cancelada_em: at,
        },
      },
      at,
    );
  }

  async vinculo(at: string, fornecedor_id: string, codigo: string, insumo_id: string, fator: string) {
    await this.#append(
      PURCHASE_STREAM_CATEGORIES.vinculos,
      fornecedor_id,
      {
        type: 'VinculoFornecedorDefinido.v1',
        data: { fornecedor_id, codigo, insumo_id, fator, origem: 'api', nota_id: null, definido_em: at },
      },
      at,
    );
  }

  async removerVinculo(at: string, fornecedor_id: string, codigo: string) {
    await this.#append(
      PURCHASE_STREAM_CATEGORIES.vinculos,
      fornecedor_id,
      { type: 'VinculoFornecedorRemovido.v1', data: { fornecedor_id, codigo, removido_em: at } },
      at,
    );
  }
}

/** 44 digits: the read side stores the key as given (the write side checks its digit). */
function chaveAleatoria(): string {
  return Array.from({ length: 44 }, () => Math.floor(Math.random() * 10)).join('');
}
