import { readFileSync } from 'node:fs';
import { type GeneratedItem, type GenerateNfeInput, generateNfe } from '../src/index.js';

/** A real fixture's text (see fixtures/README.md). */
export const spedNfe = (name: string): string =>
  readFileSync(new URL(`./fixtures/sped-nfe/${name}`, import.meta.url), 'utf8');

export const SUPPLIER_CNPJ = '11222333000181';
export const COMPANY_CNPJ = '58716523000119';

export const anItem = (overrides: Partial<GeneratedItem> = {}): GeneratedItem => ({
  cProd: 'P-100',
  xProd: 'Chapa de aço 2mm',
  ncm: '72085100',
  cfop: '5101',
  uCom: 'CX',
  qCom: '10.0000',
  vUnCom: '12.5',
  ...overrides,
});

/** A generated invoice from a normal-regime supplier to the company, overridable in any part. */
export function anInvoice(overrides: Partial<GenerateNfeInput> = {}) {
  return generateNfe({
    emitente: { cnpj: SUPPLIER_CNPJ, crt: 3 },
    destinatarioCnpj: COMPANY_CNPJ,
    numero: 1234,
    emitidaEm: '2026-03-02T10:00:00-03:00',
    itens: [anItem()],
    ...overrides,
  });
}

/** `count` distinct items, for size tests and benches. */
export const manyItems = (count: number): GeneratedItem[] =>
  Array.from({ length: count }, (_, i) =>
    anItem({ cProd: `P-${i + 1}`, qCom: `${(i % 50) + 1}.2500`, vUnCom: `${(i % 7) + 1}.1234567891` }),
  );
