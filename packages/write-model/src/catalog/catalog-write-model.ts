import { activeBillCostInputs, type BillCostInputs } from './bill-cost.js';
import type { CatalogWriteContext } from './catalog-context.js';
import { type CatalogWriteModelOptions, createCatalogDeps } from './catalog-deps.js';
import type { DeleteOutcome, SaveOutcome } from './catalog-outcome.js';
import { type DesativarFichaOutcome, desativarFicha } from './desativar-ficha/desativar-ficha.js';
import { excluirFornecedor } from './excluir-fornecedor/excluir-fornecedor.js';
import { excluirInsumo } from './excluir-insumo/excluir-insumo.js';
import { excluirProduto } from './excluir-produto/excluir-produto.js';
import { fornecedoresLoteItem } from './fornecedores-lote/fornecedores-lote.js';
import { fornecedoresLoteTogether } from './fornecedores-lote/fornecedores-lote-together.js';
import { insumosLoteItem } from './insumos-lote/insumos-lote.js';
import { insumosLoteTogether } from './insumos-lote/insumos-lote-together.js';
import { type ProductRelations, productRelations } from './product-relations.js';
import { produtosLoteItem } from './produtos-lote/produtos-lote.js';
import { produtosLoteTogether } from './produtos-lote/produtos-lote-together.js';
import type { TogetherItem } from './save-together.js';
import {
  type BillLineInput,
  type SubstituirFichaOutcome,
  substituirFicha,
} from './substituir-ficha/substituir-ficha.js';

/**
 * A batch item as received (body keys to JSON values): the deciders check every value, so the
 * HTTP layer checks only that it is an object with known keys.
 */
export type CatalogItem = Readonly<Record<string, unknown>>;

/** The catalog's commands, like a table of contents. */
export interface CatalogWriteModel {
  produtosLoteItem(context: CatalogWriteContext, item: CatalogItem): Promise<SaveOutcome>;
  /** A batch's product items that share nothing, as one write; null: run that item alone. */
  produtosLoteTogether(items: readonly TogetherItem[]): Promise<Array<SaveOutcome | null>>;
  insumosLoteItem(context: CatalogWriteContext, item: CatalogItem): Promise<SaveOutcome>;
  /** A batch's supply items that share nothing, as one write; null: run that item alone. */
  insumosLoteTogether(items: readonly TogetherItem[]): Promise<Array<SaveOutcome | null>>;
  fornecedoresLoteItem(context: CatalogWriteContext, item: CatalogItem): Promise<SaveOutcome>;
  /** A batch's supplier items, as one write when none reads what another writes; null: run alone. */
  fornecedoresLoteTogether(items: readonly TogetherItem[]): Promise<Array<SaveOutcome | null>>;
  excluirProduto(context: CatalogWriteContext, produtoId: string): Promise<DeleteOutcome>;
  excluirInsumo(context: CatalogWriteContext, insumoId: string): Promise<DeleteOutcome>;
  excluirFornecedor(context: CatalogWriteContext, fornecedorId: string): Promise<DeleteOutcome>;
  substituirFicha(
    context: CatalogWriteContext,
    produtoId: string,
    lines: readonly BillLineInput[],
  ): Promise<SubstituirFichaOutcome>;
  desativarFicha(context: CatalogWriteContext, produtoId: string): Promise<DesativarFichaOutcome>;
  /** For scheduling a batch: the current aliases and group head of the products with these SKUs. */
  productRelations(empresaId: string, skus: readonly string[]): Promise<Map<string, ProductRelations>>;
  /** What the write side knows of the active bill's cost (no averages): for answers, not decisions. */
  activeBillCostInputs(empresaId: string, produtoId: string): Promise<BillCostInputs>;
}

export function createCatalogWriteModel(options: CatalogWriteModelOptions): CatalogWriteModel {
  const deps = createCatalogDeps(options);
  return {
    produtosLoteItem: (context, item) => produtosLoteItem(deps, context, item),
    produtosLoteTogether: (items) => produtosLoteTogether(deps, items),
    insumosLoteItem: (context, item) => insumosLoteItem(deps, context, item),
    insumosLoteTogether: (items) => insumosLoteTogether(deps, items),
    fornecedoresLoteItem: (context, item) => fornecedoresLoteItem(deps, context, item),
    fornecedoresLoteTogether: (items) => fornecedoresLoteTogether(deps, items),
    excluirProduto: (context, id) => excluirProduto(deps, context, id),
    excluirInsumo: (context, id) => excluirInsumo(deps, context, id),
    excluirFornecedor: (context, id) => excluirFornecedor(deps, context, id),
    substituirFicha: (context, id, lines) => substituirFicha(deps, context, id, lines),
    desativarFicha: (context, id) => desativarFicha(deps, context, id),
    // Reads of write-side rows: current with the log first.
    productRelations: async (empresaId, skus) => {
      await deps.store.writeSideRowsCurrent();
      return productRelations(deps.pool, empresaId, skus);
    },
    activeBillCostInputs: async (empresaId, id) => {
      await deps.store.writeSideRowsCurrent();
      return activeBillCostInputs(deps.pool, empresaId, id);
    },
  };
}
