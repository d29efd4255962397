import { describe, expect, it } from 'vitest';
import { DEFAULT_UNITS } from '../../company/units.js';
import { ATRIBUTOS_LIMITS, checkAttributes, toAttributes } from './attributes.js';
import { isValidEmail, isValidPhone } from './contact.js';
import { isValidGtin } from './gtin.js';
import { isValidNcm } from './ncm.js';
import { isValidPaymentTerms } from './payment-terms.js';
import { isValidSku } from './sku.js';
import { isUf, UFS } from './uf.js';
import { isCompanyUnit } from './units.js';

describe('catalog validators', () => {
  it('SKU: letters, digits and hyphen, 1 to 40 characters', () => {
    for (const sku of ['A', 'CAM-01', 'abc-XYZ-09', 'x'.repeat(40), '-']) expect(isValidSku(sku)).toBe(true);
    for (const sku of ['', 'x'.repeat(41), 'CAM 01', 'CAM_01', 'CAMÉ', 'CAM.01', 'CAM/01']) {
      expect(isValidSku(sku)).toBe(false);
    }
  });

  it('GTIN-8, 12, 13 and 14 with a valid check digit', () => {
    for (const gtin of ['73513537', '036000291452', '4006381333931', '7891000315507', '10012345678902']) {
      expect(isValidGtin(gtin)).toBe(true);
    }
  });

  it('GTIN refused: wrong check digit, another length, non-digits', () => {
    for (const gtin of ['73513538', '036000291453', '4006381333932', '10012345678903']) {
      expect(isValidGtin(gtin)).toBe(false);
    }
    for (const gtin of ['', '1234567', '0000000000', '40063813339310', '400638133393 ', 'A006381333931']) {
      expect(isValidGtin(gtin)).toBe(false);
    }
    expect(isValidGtin('123456789012345')).toBe(false);
  });

  it('NCM: exactly 8 digits, no punctuation', () => {
    expect(isValidNcm('61091000')).toBe(true);
    for (const ncm of ['6109100', '610910000', '6109.10.00', '6109100A', ''])
      expect(isValidNcm(ncm)).toBe(false);
  });

  it('UF: the 27 Brazilian federative units, upper case', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UFS).size).toBe(27);
    for (const uf of ['SP', 'DF', 'TO', 'AC']) expect(isUf(uf)).toBe(true);
    for (const uf of ['sp', 'XX', 'S', 'SPP', '']) expect(isUf(uf)).toBe(false);
  });

  it('condicao_pagamento: strictly ascending whole days >= 0, at least one', () => {
    for (const terms of [[0], [30], [30, 60, 90], [0, 28, 56]]) expect(isValidPaymentTerms(terms)).toBe(true);
    for (const terms of [[], [60, 30], [30, 30], [-1], [1.5], ['30'], null, 30, {}]) {
      expect(isValidPaymentTerms(terms)).toBe(false);
    }
  });

  it('atributos: a flat object of string, number or boolean values', () => {
    expect(toAttributes({})).toEqual({});
    expect(toAttributes({ cor: 'azul', tamanho: 42, lavavel: true })).toEqual({
      cor: 'azul',
      tamanho: 42,
      lavavel: true,
    });
    for (const bad of [null, [], 'cor', 1, { cor: null }, { cor: { nome: 'azul' } }, { cor: ['azul'] }]) {
      expect(toAttributes(bad)).toBeNull();
    }
    expect(toAttributes({ peso: Number.NaN })).toBeNull();
    expect(toAttributes({ peso: Number.POSITIVE_INFINITY })).toBeNull();
  });

  it('e-mail and phone: basic shape', () => {
    for (const email of ['nfe@fornecedor.com.br', 'a.b+xml@x.io']) expect(isValidEmail(email)).toBe(true);
    for (const email of [
      'nfe',
      'nfe@',
      '@x.com',
      'nfe@x',
      'n fe@x.com',
      'nfe@x..com',
      `${'a'.repeat(250)}@x.com`,
    ]) {
      expect(isValidEmail(email)).toBe(false);
    }
    for (const phone of ['(11) 98765-4321', '+55 11 98765 4321', '1133334444'])
      expect(isValidPhone(phone)).toBe(true);
    for (const phone of ['1234567', 'ramal 12345678', '+55 11 98765-4321 00000', '']) {
      expect(isValidPhone(phone)).toBe(false);
    }
  });

  it('units: one of the company units, exactly as listed', () => {
    expect(isCompanyUnit('kg', DEFAULT_UNITS)).toBe(true);
    expect(isCompanyUnit('KG', DEFAULT_UNITS)).toBe(false);
    expect(isCompanyUnit('caixa', DEFAULT_UNITS)).toBe(false);
    expect(isCompanyUnit('caixa', [...DEFAULT_UNITS, 'caixa'])).toBe(true);
  });
});

describe('issue 13 item 6: atributos limits', () => {
  const refusal = (value: unknown) => {
    const checked = checkAttributes(value, 'atributos');
    return checked.ok ? null : (checked.error as { kind: string; campo: string; mensagem: string });
  };

  it(`takes at most ${ATRIBUTOS_LIMITS.keys} keys of 1 to ${ATRIBUTOS_LIMITS.keyLength} characters, texts up to ${ATRIBUTOS_LIMITS.valueLength}`, () => {
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    expect(refusal(keys(50))).toBeNull();
    expect(refusal(keys(51))).toEqual({
      kind: 'validation',
      campo: 'atributos',
      mensagem: 'atributos deve ter no máximo 50 chaves',
    });
    expect(refusal(keys(28_000))?.campo).toBe('atributos');
    expect(refusal({ ['k'.repeat(60)]: 1 })).toBeNull();
    expect(refusal({ ['k'.repeat(61)]: 1 })?.mensagem).toBe(
      'as chaves de atributos devem ter de 1 a 60 caracteres',
    );
    expect(refusal({ '': 1 })?.campo).toBe('atributos');
    expect(refusal({ cor: 'a'.repeat(200) })).toBeNull();
    expect(refusal({ cor: 'a'.repeat(201) })).toEqual({
      kind: 'validation',
      campo: 'atributos.cor',
      mensagem: 'atributos.cor deve ter no máximo 200 caracteres',
    });
  });
});
