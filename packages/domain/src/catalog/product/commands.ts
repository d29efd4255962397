import type { DecimalInput } from '../../stock/money.js';
import type { BillUse } from '../in-use.js';
import type { VariacaoProduto } from './record.js';

/**
 * A product item of `POST /v1/produtos/lote`, keys as in the body. Typed as the API
 * documents them; the decider still checks every value (the HTTP layer checks shapes).
 */
export type ProdutoItem = {
  sku: string;
  nome?: string;
  familia?: string | null;
  atributos?: Record<string, unknown>;
  ean?: string | null;
  ncm?: string | null;
  status?: string;
  tipo?: string;
  apelidos?: string[];
  peso_kg?: DecimalInput | null;
  peso_cubado_kg?: DecimalInput | null;
  largura_cm?: DecimalInput | null;
  altura_cm?: DecimalInput | null;
  comprimento_cm?: DecimalInput | null;
  ipi_pct?: DecimalInput | null;
  icms_pct?: DecimalInput | null;
  importado?: boolean;
  custo_manual?: DecimalInput | null;
  variacao?: { base_sku: string; eixos: string[] } | null;
};

/** The product with the SKU an item names as `variacao.base_sku`. */
export type GroupHead = { id: string; sku: string; variacao: VariacaoProduto | null };

/**
 * Facts from outside the product's stream, resolved by the caller just before deciding
 * (each is a read of the company's current non-deleted products).
 */
export type ProdutoContext = {
  /** The token holds `custos:ler` (without it `custo_manual` is refused). */
  canReadCosts: boolean;
  /** For each alias the item sends that some product of the company already has: that product's id. */
  aliasOwners: ReadonlyMap<string, string>;
  /** When `variacao.base_sku` names another product: that product, or null when none has the SKU. */
  groupHead?: GroupHead | null;
  /** When this product heads a group: how many other products are in it (default 0). */
  groupMembers?: number;
};

/**
 * Upsert of one item. `produto_id` is the id of the company's non-deleted product with
 * the item's SKU, or a new id from the caller when there is none (the key lookup is what
 * keeps SKUs unique among non-deleted products).
 */
export type SalvarProduto = {
  type: 'SalvarProduto';
  data: { produto_id: string; item: ProdutoItem; agora: string };
  context: ProdutoContext;
};

/** A non-deleted product in the group another product heads. */
export type GroupMember = { produto_id: string; sku: string };

export type ExcluirProduto = {
  type: 'ExcluirProduto';
  data: { produto_id: string; agora: string };
  context: {
    /** Active bills of other products that consume this product. */
    usedBy: readonly BillUse[];
    /** When this product heads a variation group: the other products in it (default none). */
    groupMembers?: readonly GroupMember[];
  };
};
