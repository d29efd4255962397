import type { DecimalText } from '../../stock/money.js';
import type { Atributos } from '../validation/attributes.js';

export const STATUS_PRODUTO = ['ativo', 'inativo'] as const;
export const TIPOS_PRODUTO = ['produto', 'kit'] as const;

/** A product's place in a variation group, as the API shows it. */
export type VariacaoProduto = {
  grupo_id: string;
  /** True on the product heading the group (`grupo_id` is its own id). */
  base: boolean;
  /** The group's axes, in the order the head declared them. */
  eixos: string[];
};

/** A product's stored fields, named as in the API; decimals as canonical decimal text. */
export type ProdutoRegistro = {
  sku: string;
  nome: string;
  familia: string | null;
  atributos: Atributos;
  ean: string | null;
  ncm: string | null;
  status: (typeof STATUS_PRODUTO)[number];
  tipo: (typeof TIPOS_PRODUTO)[number];
  /** Distinct, in alphabetical order. */
  apelidos: string[];
  peso_kg: DecimalText | null;
  peso_cubado_kg: DecimalText | null;
  largura_cm: DecimalText | null;
  altura_cm: DecimalText | null;
  comprimento_cm: DecimalText | null;
  /** Fractions 0..1. */
  ipi_pct: DecimalText | null;
  icms_pct: DecimalText | null;
  importado: boolean;
  custo_manual: DecimalText | null;
  variacao: VariacaoProduto | null;
};

/** What a new product holds for every key its creating item left out. */
export const newProduto = (sku: string, nome: string): ProdutoRegistro => ({
  sku,
  nome,
  familia: null,
  atributos: {},
  ean: null,
  ncm: null,
  status: 'ativo',
  tipo: 'produto',
  apelidos: [],
  peso_kg: null,
  peso_cubado_kg: null,
  largura_cm: null,
  altura_cm: null,
  comprimento_cm: null,
  ipi_pct: null,
  icms_pct: null,
  importado: false,
  custo_manual: null,
  variacao: null,
});
