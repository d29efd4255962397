import { activeBillCostInputs, type BillCostInputs } from './bill-cost.js';
import type { CatalogWriteContext } from './catalog-context.js';
import { type CatalogWriteModelOptions, createCatalogDeps } from './catalog-deps.js';
import type { DeleteOutcome, SaveOutcome } from './catalog-outcome.js';
import { deleteSupplier } from './excluir-fornecedor/excluir-fornecedor.js';
import { deleteSupplyItem } from './excluir-insumo/excluir-insumo.js';
import { deleteProduct } from './excluir-produto/excluir-produto.js';
import { type DeactivateBillOutcome, deactivateBill } from './fichas-desativar/fichas-desativar.js';
import {
  type BillLineInput,
  type DefineBillOutcome,
  defineBill,
} from './fichas-substituir/fichas-substituir.js';
import { saveSupplier } from './fornecedores-lote/fornecedores-lote.js';
import { saveSupplyItem } from './insumos-lote/insumos-lote.js';
import { type ProductRelations, productRelations } from './product-relations.js';
import { saveProduct } from './produtos-lote/produtos-lote.js';

/**
 * A batch item as received (body keys to JSON values): the deciders check every value, so the
 * HTTP layer checks only that it is an object with known keys.
 */
export type CatalogItem = Readonly<Record<string, unknown>>;

/** The catalog's commands, like a table of contents. */
export interface CatalogWriteModel {
  saveProduct(context: CatalogWriteContext, item: CatalogItem): Promise<SaveOutcome>;
  saveSupplyItem(context: CatalogWriteContext, item: CatalogItem): Promise<SaveOutcome>;
  saveSupplier(context: CatalogWriteContext, item: CatalogItem): Promise<SaveOutcome>;
  deleteProduct(context: CatalogWriteContext, produtoId: string): Promise<DeleteOutcome>;
  deleteSupplyItem(context: CatalogWriteContext, insumoId: string): Promise<DeleteOutcome>;
  deleteSupplier(context: CatalogWriteContext, fornecedorId: string): Promise<DeleteOutcome>;
  defineBill(
    context: CatalogWriteContext,
    produtoId: string,
    lines: readonly BillLineInput[],
  ): Promise<DefineBillOutcome>;
  deactivateBill(context: CatalogWriteContext, produtoId: string): Promise<DeactivateBillOutcome>;
  /** For scheduling a batch: the current aliases and group head of the products with these SKUs. */
  productRelations(empresaId: string, skus: readonly string[]): Promise<Map<string, ProductRelations>>;
  /** What the write side knows of the active bill's cost (no averages): for answers, not decisions. */
  activeBillCostInputs(empresaId: string, produtoId: string): Promise<BillCostInputs>;
}

export function createCatalogWriteModel(options: CatalogWriteModelOptions): CatalogWriteModel {
  const deps = createCatalogDeps(options);
  return {
    saveProduct: (context, item) => saveProduct(deps, context, item),
    saveSupplyItem: (context, item) => saveSupplyItem(deps, context, item),
    saveSupplier: (context, item) => saveSupplier(deps, context, item),
    deleteProduct: (context, id) => deleteProduct(deps, context, id),
    deleteSupplyItem: (context, id) => deleteSupplyItem(deps, context, id),
    deleteSupplier: (context, id) => deleteSupplier(deps, context, id),
    defineBill: (context, id, lines) => defineBill(deps, context, id, lines),
    deactivateBill: (context, id) => deactivateBill(deps, context, id),
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
