import type { FieldRules } from '../record-patch.js';
import { ncm, unit } from '../validation/catalog-rules.js';
import { bool, count, matching, nonNegative, nullable, positive, text } from '../validation/field-rules.js';
import type { InsumoRegistro } from './record.js';

/** The supply item's fields after its key, in body order; units come from the company's list. */
export const insumoRules = (companyUnits: readonly string[]) =>
  ({
    nome: text(),
    familia: nullable(text()),
    ativo: bool,
    unidade_compra: unit(companyUnits),
    unidade_consumo: unit(companyUnits),
    fator_conversao: positive,
    ncm: nullable(ncm),
    minimo: nullable(nonNegative),
    lead_time_dias: nullable(count),
    fornecedor_padrao_id: nullable(matching((id) => id !== '', 'o id de um fornecedor')),
    custo_referencia: nullable(nonNegative),
  }) satisfies FieldRules<InsumoRegistro>;
