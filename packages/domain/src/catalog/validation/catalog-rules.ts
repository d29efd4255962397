import { validation } from '../../stock/commands.js';
import { accept } from '../checked.js';
import { type Atributos, checkAttributes } from './attributes.js';
import { isValidEmail, isValidPhone } from './contact.js';
import { type FieldRule, MAX_TEXT, matching, text } from './field-rules.js';
import { isValidGtin } from './gtin.js';
import { isValidNcm } from './ncm.js';
import { isValidPaymentTerms } from './payment-terms.js';
import { isValidSku } from './sku.js';
import { isUf, type Uf } from './uf.js';
import { isCompanyUnit } from './units.js';

// The catalog's field rules, built on the validators beside this file.

export const sku = matching(isValidSku, 'letras, dígitos e hífen, de 1 a 40 caracteres');
export const ean = matching(isValidGtin, 'um GTIN-8, 12, 13 ou 14 com dígito verificador válido');
export const ncm = matching(isValidNcm, 'um NCM de 8 dígitos');
export const uf = matching(isUf, 'a sigla de um estado brasileiro') as FieldRule<Uf>;
export const email = matching(isValidEmail, 'um e-mail válido');
export const phone = matching(isValidPhone, 'um telefone de 8 a 15 dígitos');

export const unit = (companyUnits: readonly string[]): FieldRule<string> =>
  matching((value) => isCompanyUnit(value, companyUnits), 'uma unidade da empresa');

export const attributes: FieldRule<Atributos> = checkAttributes;

export const paymentTerms: FieldRule<number[]> = (value, campo) =>
  isValidPaymentTerms(value)
    ? accept([...value])
    : validation(campo, `${campo} deve ser uma lista crescente de dias inteiros maiores ou iguais a zero`);

/**
 * A list of distinct non-blank texts. `sorted`: stored in alphabetical order and repeats
 * dropped (aliases are a set, shown sorted); otherwise the order matters and a repeat is
 * refused (variation axes).
 */
export const textList =
  ({ sorted, minItems = 0 }: { sorted: boolean; minItems?: number }): FieldRule<string[]> =>
  (value, campo) => {
    if (!Array.isArray(value) || value.length < minItems) {
      const least = minItems > 0 ? ` com ao menos ${minItems} item` : '';
      return validation(campo, `${campo} deve ser uma lista de textos${least}`);
    }
    const items: string[] = [];
    for (const [i, item] of value.entries()) {
      const checked = text(MAX_TEXT)(item, `${campo}[${i}]`);
      if (!checked.ok) return checked;
      items.push(checked.value);
    }
    const distinct = [...new Set(items)];
    if (sorted) return accept(distinct.sort());
    return distinct.length === items.length
      ? accept(items)
      : validation(campo, `${campo} tem itens repetidos`);
  };
