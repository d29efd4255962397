// The service's API contract: every resource and every route, declared as data. Apps attach
// handlers; the router, the OpenAPI document and the typed client read it.

export { platformRoutes } from './platform-routes.js';
export {
  type Apontamento,
  type ApontamentoParts,
  apontamentoSchema,
  toApontamento,
} from './resources/apontamento.js';
export {
  notaExample,
  pedidoCompraExample,
  previaRecebimentoExample,
  vinculoFornecedorExample,
} from './resources/compras-examples.js';
export { diaParam } from './resources/dia-param.js';
export {
  apontamentoExample,
  fichaExample,
  fornecedorExample,
  insumoExample,
  movimentoBodyExample,
  movimentoExample,
  planoExample,
  produtoExample,
} from './resources/examples.js';
export {
  type Ficha,
  type FichaSource,
  fichaSchema,
  linhaDaFichaSchema,
  presentFicha,
} from './resources/ficha.js';
export {
  type Fornecedor,
  type FornecedorSource,
  fornecedorSchema,
  presentFornecedor,
} from './resources/fornecedor.js';
export { type Insumo, type InsumoSource, insumoSchema, presentInsumo } from './resources/insumo.js';
export { MAX_ITENS, type Resultado, resultadoSchema } from './resources/lote.js';
export {
  type Movimento,
  type MovimentoSource,
  movimentoSchema,
  presentMovimento,
} from './resources/movimento.js';
export { chaveAcesso } from './resources/nfe-fields.js';
export {
  type ItemNotaSource,
  itemNotaSchema,
  type Nota,
  type NotaSource,
  notaSchema,
  presentNota,
} from './resources/nota.js';
export {
  type ItemPedidoCompraSource,
  itemPedidoCompraSchema,
  type PedidoCompra,
  type PedidoCompraSource,
  pedidoCompraSchema,
  presentPedidoCompra,
} from './resources/pedido-compra.js';
export { necessidadeSchema, type Plano, type PlanoParts, planoSchema, toPlano } from './resources/plano.js';
export { type Posicao, type PosicaoSource, posicaoSchema, presentPosicao } from './resources/posicao.js';
export { type Produto, type ProdutoSource, presentProduto, produtoSchema } from './resources/produto.js';
export {
  itemPreviaSchema,
  type PreviaRecebimento,
  previaRecebimentoSchema,
  type RecebimentoBody,
  recebimentoBodySchema,
  SITUACOES_VINCULO,
  vinculoRecebimentoSchema,
} from './resources/recebimento.js';
export { presentSaldo, type Saldo, type SaldoSource, saldoSchema } from './resources/saldo.js';
export {
  presentVinculoFornecedor,
  type VinculoFornecedor,
  type VinculoFornecedorSource,
  vinculoFornecedorSchema,
} from './resources/vinculo-fornecedor.js';
export {
  ficha,
  fichas,
  fornecedor,
  fornecedores,
  insumo,
  insumos,
  produto,
  produtos,
} from './routes/catalogo.js';
export {
  desativarFicha,
  excluirFornecedor,
  excluirInsumo,
  excluirProduto,
  exclusaoSchema,
  fornecedoresLote,
  fornecedorItemSchema,
  insumoItemSchema,
  insumosLote,
  produtoItemSchema,
  produtosLote,
  substituirFicha,
} from './routes/catalogo-escrita.js';
export { comprasPedido, comprasPedidos, fornecedorVinculos } from './routes/compras.js';
export {
  cancelarPedidoCompra,
  cancelarRecebimento,
  comprasWriteDeclarations,
  criarPedidoCompra,
  definirVinculoFornecedor,
  previaRecebimento,
  receberNota,
  removerVinculoFornecedor,
} from './routes/compras-escrita.js';
export { descricao } from './routes/descricao.js';
export { estoqueMovimentos, estoquePosicao, estoqueSaldos } from './routes/estoque.js';
export { estornarMovimento, registrarMovimento } from './routes/estoque-escrita.js';
export { eu } from './routes/eu.js';
export { declareList, type ListDeclaration, type ListSpec } from './routes/list-declaration.js';
export { locais } from './routes/locais.js';
export { nota, notas } from './routes/notas.js';
export { producaoApontamento, producaoApontamentos, producaoPlano } from './routes/producao.js';
export { cancelarApontamento, registrarApontamento, substituirPlano } from './routes/producao-escrita.js';
export { readRoutes } from './routes/read-routes.js';
export { pronto, vivo } from './routes/sondas.js';
export { writeRoutes } from './routes/write-routes.js';
export { serviceDocument, serviceRoutes } from './service-description.js';
