import { createTestDatabase, describeWith } from '@factory/database/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { arrayLiteral } from './array-literal.js';
import { createPool, type Pool } from './pool.js';

describeWith(['postgres'], 'array parameters as literals', () => {
  let pool: Pool;
  beforeAll(async () => {
    pool = createPool((await createTestDatabase()).url, { max: 1 });
  });
  afterAll(async () => {
    await pool.end();
  });

  const roundTrip = async (values: ReadonlyArray<string | null>) =>
    (await pool.query<{ a: Array<string | null> }>('SELECT $1::text[] AS a', [arrayLiteral(values)])).rows[0]!
      .a;

  it('arrives as the values it was built from, whatever the strings hold', async () => {
    const tricky = [
      '',
      'NULL',
      'null',
      ' a b ',
      'a,b',
      '{x}',
      'q"uote',
      'back\\slash',
      '\\n',
      'é ü 中',
      null,
    ];
    expect(await roundTrip(tricky)).toEqual(tricky);
    // Strings JSON escapes otherwise than the literal does: pg's encoder takes them.
    const escaped = ['line\nbreak', 'tab\tx', '\u0001', 'lone \ud800'];
    expect(arrayLiteral(escaped)).toBe(escaped);
    expect(await roundTrip(['line\nbreak', 'tab\tx', '\u0001'])).toEqual(['line\nbreak', 'tab\tx', '\u0001']);
    // Any text PostgreSQL can hold: no NUL, no lone surrogate (sent as U+FFFD). Control
    // characters and quotes are frequent among the binary units.
    const text = fc
      .oneof(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'binary-ascii' }),
        fc.string({ unit: 'binary' }),
      )
      .filter((s) => !s.includes('\0') && !/\p{Cs}/u.test(s));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(text)), async (values) => {
        expect(await roundTrip(values)).toEqual(values);
      }),
      { numRuns: 200 },
    );
  });

  it('sends typed columns as the literal text, numbers bare', async () => {
    expect(arrayLiteral([1, 2, 30])).toBe('{1,2,30}');
    expect(arrayLiteral(['3facd259-e983-4421-bffb-2f32d83d268c', null])).toBe(
      '{"3facd259-e983-4421-bffb-2f32d83d268c",null}',
    );
    expect(arrayLiteral([])).toBe('{}');
    const { rows } = await pool.query(
      'SELECT $1::int[] AS i, $2::numeric[]::text[] AS n, $3::timestamptz[] AS t, $4::uuid[] AS u',
      [
        arrayLiteral([1, 2, 3]),
        arrayLiteral(['1.5000', '-0.25', null]),
        arrayLiteral(['2026-11-28T05:00:00.123Z']),
        arrayLiteral([]),
      ],
    );
    expect(rows[0]).toEqual({
      i: [1, 2, 3],
      n: ['1.5000', '-0.25', null],
      t: [new Date('2026-11-28T05:00:00.123Z')],
      u: [],
    });
  });

  it('refuses a number JSON would turn into null', () => {
    expect(() => arrayLiteral([1, Number.NaN])).toThrow(RangeError);
    expect(() => arrayLiteral([Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });
});
