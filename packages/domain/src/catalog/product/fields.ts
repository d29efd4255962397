import type { FieldRules } from '../record-patch.js';
import { attributes, ean, ncm, textList } from '../validation/catalog-rules.js';
import { bool, nonNegative, nullable, oneOf, percentage, text } from '../validation/field-rules.js';
import { type ProdutoRegistro, STATUS_PRODUTO, TIPOS_PRODUTO } from './record.js';

/**
 * The product item's plain fields, in body order. `sku` (the key) and `variacao` (which
 * needs the group head) are checked by the decider itself.
 */
export const PRODUTO_RULES = {
  nome: text(),
  familia: nullable(text()),
  atributos: attributes,
  ean: nullable(ean),
  ncm: nullable(ncm),
  status: oneOf(STATUS_PRODUTO),
  tipo: oneOf(TIPOS_PRODUTO),
  apelidos: textList({ sorted: true }),
  peso_kg: nullable(nonNegative),
  peso_cubado_kg: nullable(nonNegative),
  largura_cm: nullable(nonNegative),
  altura_cm: nullable(nonNegative),
  comprimento_cm: nullable(nonNegative),
  ipi_pct: nullable(percentage),
  icms_pct: nullable(percentage),
  importado: bool,
  custo_manual: nullable(nonNegative),
} satisfies FieldRules<ProdutoRegistro>;
