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
