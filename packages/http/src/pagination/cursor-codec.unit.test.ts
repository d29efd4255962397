import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.js';
import { CursorCodec, type CursorScope, type KeysetValue } from './cursor-codec.js';

const codec = new CursorCodec('a-secret-of-at-least-thirty-two-characters');
const keyset = fc.array(fc.oneof(fc.string({ maxLength: 40 }), fc.integer()), { minLength: 1, maxLength: 3 });
const filters = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 10 }),
  fc.oneof(fc.string({ maxLength: 20 }), fc.boolean()),
  {
    maxKeys: 4,
  },
);
const A = '0b7c5b2e-0000-4000-8000-00000000000a';
const B = '0b7c5b2e-0000-4000-8000-00000000000b';
const scope = (list: string, f: Record<string, unknown> = {}, empresa = A): CursorScope => ({
  list,
  empresa,
  filters: f,
});

function decodeOrCode(cursor: string, at: CursorScope): KeysetValue[] | string {
  try {
    return codec.decode(cursor, at);
  } catch (error) {
    if (error instanceof ApiError) return error.codigo;
    throw error;
  }
}

describe('CursorCodec', () => {
  it('round-trips the keyset, within the specification charset and length', () => {
    fc.assert(
      fc.property(keyset, filters, (k, f) => {
        const cursor = codec.encode(scope('produtos', f), k);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]{1,400}$/);
        expect(codec.decode(cursor, scope('produtos', f))).toEqual(k);
      }),
    );
  });

  it('refuses any tampering with cursor_invalido', () => {
    fc.assert(
      fc.property(keyset, fc.nat(), fc.constantFrom(...'ABCabc012_-'.split('')), (k, at, ch) => {
        const cursor = codec.encode(scope('produtos'), k);
        const i = at % cursor.length;
        fc.pre(cursor[i] !== ch);
        const tampered = cursor.slice(0, i) + ch + cursor.slice(i + 1);
        expect(decodeOrCode(tampered, scope('produtos'))).toBe('cursor_invalido');
      }),
    );
  });

  it('refuses a cursor of another list, of other filters, or signed with another secret', () => {
    fc.assert(
      fc.property(keyset, filters, filters, (k, f1, f2) => {
        const cursor = codec.encode(scope('produtos', f1), k);
        expect(decodeOrCode(cursor, scope('insumos', f1))).toBe('cursor_invalido');
        fc.pre(JSON.stringify(Object.entries(f1).sort()) !== JSON.stringify(Object.entries(f2).sort()));
        expect(decodeOrCode(cursor, scope('produtos', f2))).toBe('cursor_invalido');
      }),
    );
    const foreign = new CursorCodec('another-secret-of-at-least-thirty-two-chars').encode(scope('produtos'), [
      'x',
    ]);
    expect(decodeOrCode(foreign, scope('produtos'))).toBe('cursor_invalido');
  });

  it("issue 13 item 7: refuses another company's cursor on the same list and filters", () => {
    fc.assert(
      fc.property(keyset, filters, (k, f) => {
        const cursor = codec.encode(scope('produtos', f, A), k);
        expect(decodeOrCode(cursor, scope('produtos', f, B))).toBe('cursor_invalido');
        expect(decodeOrCode(cursor, scope('produtos', f, A))).toEqual(k);
      }),
    );
  });

  it('refuses hand-built and arbitrary strings', () => {
    const handBuilt = Buffer.from(JSON.stringify({ l: 'produtos', f: '', k: ['x'] })).toString('base64url');
    expect(decodeOrCode(handBuilt, scope('produtos'))).toBe('cursor_invalido');
    fc.assert(
      fc.property(fc.string({ maxLength: 450 }), (s) => {
        expect(decodeOrCode(s, scope('produtos'))).toBe('cursor_invalido');
      }),
    );
  });
});
