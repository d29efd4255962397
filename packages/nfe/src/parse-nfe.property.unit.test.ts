import { Dec } from '@factory/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anInvoice, anItem } from '../test/nfe-fixture.js';
import { parseNfe } from './parse-nfe.js';

// Hostile or broken documents never make the parser throw or hang: each answers a document or a
// refusal on `xml` / `aceitar_homologacao`. Mutations of a valid invoice: cut anywhere, text
// spliced in anywhere (any code unit, lone surrogates and NUL included, markup characters,
// undeclared entity references), tags nested deep.
const valid = anInvoice({ itens: [anItem(), anItem({ cProd: 'P-2', xPed: '3' })] }).xml;

const junk = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '<',
    '>',
    '&',
    '&amp;',
    '&foo;',
    '&#0;',
    '&#xD800;',
    ']]>',
    '<![CDATA[',
    '<!--',
    '\u0000',
    '\uD800',
    '"',
    "'",
  ),
  fc.integer({ min: 1, max: 2_000 }).map((n) => `${'<x>'.repeat(n)}${'</x>'.repeat(n)}`),
);

const mutated = fc.oneof(
  fc.nat({ max: valid.length }).map((cut) => valid.slice(0, cut)),
  fc
    .tuple(fc.nat({ max: valid.length }), junk)
    .map(([at, text]) => valid.slice(0, at) + text + valid.slice(at)),
  fc
    .tuple(fc.nat({ max: valid.length }), fc.nat({ max: 40 }), junk)
    .map(([at, length, text]) => valid.slice(0, at) + text + valid.slice(at + length)),
);

describe('parseNfe on broken and hostile input', () => {
  it('answers a document or a refusal naming xml or aceitar_homologacao, never throwing', () => {
    fc.assert(
      fc.property(mutated, (xml) => {
        const result = parseNfe(xml);
        if (result.ok) {
          expect(result.value.itens.length).toBeGreaterThan(0);
        } else {
          expect(result.error.kind).toBe('validation');
          expect(['xml', 'aceitar_homologacao']).toContain(
            result.error.kind === 'validation' && result.error.campo,
          );
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('generateNfe', () => {
  const money = fc.integer({ min: 0, max: 1_000_000 }).map((c) => (c / 100).toFixed(2));
  const generatedItem = fc.record({
    cProd: fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() === s && s.length > 0),
    xProd: fc.string({ minLength: 1, maxLength: 120 }).filter((s) => s.trim() === s && s.length > 0),
    uCom: fc.constantFrom('UN', 'CX', 'kg', 'M2'),
    qCom: fc.integer({ min: 100, max: 99_999_999 }).map((u) => (u / 10_000).toFixed(4)),
    // At least 1.00 a unit and 0.01 of quantity, so a 0.01 discount never exceeds the item's value.
    vUnCom: fc
      .integer({ min: 0, max: 10_000_000_000 })
      .map((u) => `${1 + Math.floor(u / 1e9)}.${String(u % 1e9).padStart(9, '0')}1`),
    vFrete: fc.option(money, { nil: undefined }),
    vDesc: fc.option(fc.constant('0.01'), { nil: undefined }),
    vIPI: fc.option(money, { nil: undefined }),
    icms: fc.record(
      { vICMS: money, vICMSST: money, vFCPST: money, vCredICMSSN: money },
      { requiredKeys: [] },
    ),
  });

  it('refuses to write an item whose discount exceeds its value (a negative total)', () => {
    expect(() => anInvoice({ itens: [anItem({ qCom: '1', vUnCom: '1', vDesc: '1.01' })] })).toThrow(
      RangeError,
    );
  });

  it('writes invoices that parse back to what they were given, with a valid key, for any issuer and items', () => {
    fc.assert(
      fc.property(
        fc.array(generatedItem, { minLength: 1, maxLength: 30 }),
        fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>,
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.boolean(),
        (itens, crt, numero, enxuto) => {
          const generated = anInvoice({ itens, numero, enxuto, emitente: { cnpj: '11222333000181', crt } });
          const parsed = parseNfe(generated.xml);
          if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
          expect(parsed.value.chave).toBe(generated.chave);
          expect(parsed.value.numero).toBe(numero);
          expect(new Dec(parsed.value.vNF).eq(generated.vNF), `${parsed.value.vNF} = ${generated.vNF}`).toBe(
            true,
          );
          expect(parsed.value.itens.map((i) => [i.cProd, i.xProd, i.uCom, i.qCom, i.vUnCom])).toEqual(
            itens.map((i) => [i.cProd, i.xProd, i.uCom, i.qCom, i.vUnCom]),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
