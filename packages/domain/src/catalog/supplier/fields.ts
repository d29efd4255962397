import type { FieldRules } from '../record-patch.js';
import { email, paymentTerms, phone, uf } from '../validation/catalog-rules.js';
import { bool, count, nullable, oneOf, text } from '../validation/field-rules.js';
import { type FornecedorRegistro, REGIMES } from './record.js';
import { type TaxId, taxId } from './tax-id.js';

/** The supplier item's fields as received: `cnpj` carries either tax id. */
export type FornecedorCampos = Omit<FornecedorRegistro, 'cnpj' | 'cpf'> & { cnpj: TaxId | null };

/** In body order. */
export const FORNECEDOR_RULES = {
  nome: text(),
  cnpj: nullable(taxId),
  regime: nullable(oneOf(REGIMES)),
  uf: nullable(uf),
  lead_time_dias: nullable(count),
  condicao_pagamento: nullable(paymentTerms),
  ativo: bool,
  contato_nome: nullable(text()),
  contato_telefone: nullable(phone),
  email_xml: nullable(email),
} satisfies FieldRules<FornecedorCampos>;
