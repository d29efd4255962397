export {
  AMBIENTES,
  type Ambiente,
  type AtendimentoItem,
  type CreditosItem,
  type ItemNotaRecebido,
  type ItemPedidoCriado,
  NOTA_EVENT_TYPES,
  type NotaCancelada,
  type NotaEvent,
  type NotaRecebida,
  ORIGENS_VINCULO,
  type OrigemVinculo,
  PEDIDO_COMPRA_EVENT_TYPES,
  type PedidoCompraAtendido,
  type PedidoCompraAtendimentoDesfeito,
  type PedidoCompraCancelado,
  type PedidoCompraCriado,
  type PedidoCompraEvent,
  PURCHASE_STREAM_CATEGORIES,
  type PurchasesEvent,
  SITUACOES_NOTA,
  SITUACOES_PEDIDO,
  type SituacaoNota,
  type SituacaoPedido,
  VINCULO_EVENT_TYPES,
  type VinculoEvent,
  type VinculoFornecedorDefinido,
  type VinculoFornecedorRemovido,
} from './events.js';
export {
  type DefinirVinculo,
  decideDefinirVinculo,
  decideRemoverVinculo,
  evolveVinculos,
  initialVinculosState,
  MAX_CODIGO,
  type VinculosState,
} from './links/supplier-links.js';
export type { NfeDocumento, NfeIcms, NfeItem, TipoAmbiente } from './nota-fiscal.js';
export type {
  CancelarPedidoCompra,
  CriarPedidoCompra,
  FornecedorParaCompra,
  InsumoParaCompra,
  ItemPedidoInput,
} from './order/commands.js';
export { decideCancelarPedido, MAX_MOTIVO } from './order/decide-cancelar-pedido.js';
export { decideCriarPedido, MAX_ITENS_PEDIDO, MAX_OBSERVACAO } from './order/decide-criar-pedido.js';
export { atenderPedido, desfazerAtendimento, QUANTIDADE_RECEBIDA_PLACES } from './order/fulfilment.js';
export {
  evolvePedidoCompra,
  initialPedidoCompraState,
  type LinhaPedido,
  type PedidoCompraState,
  situacaoDoPedido,
  valorTotalPedido,
} from './order/state.js';
export type { CancelarRecebimento, ReceberNota } from './receipt/commands.js';
export {
  type CancelamentoRecebimento,
  decideCancelarRecebimento,
} from './receipt/decide-cancelar-recebimento.js';
export {
  decideReceberNota,
  type ItemPrevia,
  type PreviaRecebimento,
  previewReceipt,
  type Recebimento,
  xPedNumeros,
} from './receipt/decide-receber-nota.js';
export { ENTRY_COST_PLACES, type EntryCost, entryCost, PIS_COFINS_RATE } from './receipt/entry-cost.js';
export {
  type ItemVinculado,
  MAX_SEM_VINCULO_LISTADOS,
  resolveLinks,
  type SituacaoVinculo,
  type VinculoInput,
  type VinculoSalvo,
} from './receipt/links.js';
export {
  activeReceipt,
  evolveNota,
  initialNotaState,
  type MovimentoDaNota,
  type NotaState,
  type ReceiptOnKey,
} from './receipt/nota-state.js';
