export { COMPONENT_UNIT } from './bill/bill-lines.js';
export type { DefinirFicha, DesativarFicha, FichaContext, LinhaFichaItem } from './bill/commands.js';
export { decideDesativarFicha } from './bill/decide-desativar-ficha.js';
export { decideSubstituirFicha } from './bill/decide-substituir-ficha.js';
export type { FichaDefinida, FichaDesativada, FichaEvent, LinhaDaFicha } from './bill/events.js';
export { type BillGraph, dependentsOf, reaches } from './bill-graph.js';
export type { Checked } from './checked.js';
export {
  type BillCostLine,
  type CostRollupInput,
  CUSTO_DA_FICHA_PLACES,
  CUSTO_FICHA_PLACES,
  type ProductCost,
  rollUpCosts,
  roundForPresentation,
  type SupplyItemCosts,
  supplyItemUnitCost,
} from './cost-rollup.js';
export type { BillUse } from './in-use.js';
export type {
  ExcluirProduto,
  GroupHead,
  GroupMember,
  ProdutoContext,
  ProdutoItem,
  SalvarProduto,
} from './product/commands.js';
export {
  decideProduto,
  type ProdutoCommand,
  type ProdutoDecision,
  produtoDecider,
} from './product/decide.js';
export { decideExcluirProduto } from './product/decide-excluir-produto.js';
export { decideProdutosLoteItem } from './product/decide-produtos-lote-item.js';
export {
  PRODUTO_EVENT_TYPES,
  type ProdutoAlterado,
  type ProdutoCadastrado,
  type ProdutoEvent,
  type ProdutoEventType,
  type ProdutoExcluido,
} from './product/events.js';
export {
  type ProdutoRegistro,
  STATUS_PRODUTO,
  TIPOS_PRODUTO,
  type VariacaoProduto,
} from './product/record.js';
export { evolveProduto, initialProdutoState, type ProdutoState } from './product/state.js';
export type { ExcluirFornecedor, FornecedorItem, SalvarFornecedor } from './supplier/commands.js';
export {
  decideFornecedor,
  type FornecedorCommand,
  type FornecedorDecision,
  fornecedorDecider,
} from './supplier/decide.js';
export { decideExcluirFornecedor } from './supplier/decide-excluir-fornecedor.js';
export { decideFornecedoresLoteItem } from './supplier/decide-fornecedores-lote-item.js';
export {
  FORNECEDOR_EVENT_TYPES,
  type FornecedorAlterado,
  type FornecedorCadastrado,
  type FornecedorEvent,
  type FornecedorExcluido,
} from './supplier/events.js';
export { type FornecedorRegistro, REGIMES } from './supplier/record.js';
export { evolveFornecedor, type FornecedorState, initialFornecedorState } from './supplier/state.js';
export type { ExcluirInsumo, InsumoContext, InsumoItem, SalvarInsumo } from './supply-item/commands.js';
export {
  decideInsumo,
  type InsumoCommand,
  type InsumoDecision,
  insumoDecider,
} from './supply-item/decide.js';
export { decideExcluirInsumo } from './supply-item/decide-excluir-insumo.js';
export { decideInsumosLoteItem } from './supply-item/decide-insumos-lote-item.js';
export {
  INSUMO_EVENT_TYPES,
  type InsumoAlterado,
  type InsumoCadastrado,
  type InsumoCatalogEvent,
  type InsumoExcluido,
  type InsumoStreamEvent,
} from './supply-item/events.js';
export { FROZEN_AFTER_MOVEMENTS, type InsumoRegistro } from './supply-item/record.js';
export { evolveInsumo, type InsumoState, initialInsumoState } from './supply-item/state.js';
export { ATRIBUTOS_LIMITS, type Atributos, checkAttributes, toAttributes } from './validation/attributes.js';
export { isValidEmail, isValidPhone } from './validation/contact.js';
export { MISSING_FIELD } from './validation/field-rules.js';
export { GTIN_DIGITS, isValidGtin } from './validation/gtin.js';
export { isValidNcm, NCM_PATTERN } from './validation/ncm.js';
export { isValidPaymentTerms } from './validation/payment-terms.js';
export { isValidSku, SKU_PATTERN } from './validation/sku.js';
export { isUf, UFS, type Uf } from './validation/uf.js';
export { isCompanyUnit } from './validation/units.js';
