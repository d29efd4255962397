import { isValidCnpj, isValidCpf, onlyDigits } from '../../company/cnpj.js';
import { validation } from '../../stock/commands.js';
import { accept } from '../checked.js';
import type { FieldRule } from '../validation/field-rules.js';
import type { FornecedorRegistro } from './record.js';

export type TaxId = Pick<FornecedorRegistro, 'cnpj' | 'cpf'>;

// Digits with the usual punctuation (12.345.678/0001-95, 123.456.789-09), nothing else.
const PUNCTUATED = /^[0-9./ -]+$/;

/** The item's `cnpj`: a CNPJ with valid check digits, or a CPF, told apart by length. */
export const taxId: FieldRule<TaxId> = (value, campo) => {
  const digits = typeof value === 'string' && PUNCTUATED.test(value) ? onlyDigits(value) : '';
  if (digits.length === 14 && isValidCnpj(digits)) return accept({ cnpj: digits, cpf: null });
  if (digits.length === 11 && isValidCpf(digits)) return accept({ cnpj: null, cpf: digits });
  return validation(campo, `${campo} deve ser um CNPJ de 14 dígitos ou um CPF de 11 dígitos válido`);
};
