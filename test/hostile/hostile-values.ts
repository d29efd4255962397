import fc from 'fast-check';

// Values an attacker or a careless client sends, for any parameter, header or body field.

const TOKEN_LIKE = `svc_live_${'A1b2'.repeat(11)}xy`;

/** Strings that break naive code: NUL, lone surrogates, huge, empty, tokens, look-alikes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  // the classes that broke the service once, weighted up
  { weight: 3, arbitrary: fc.constantFrom('a\u0000b', 'x\ud800y', '\udc00', 'ok\ud83d', 'x'.repeat(300)) },
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    'x\ud800y',
    '\ud83d\ude00',
    '\ufeff',
    '\u202e',
    '%00',
    '%C0%AE',
    '../../etc/passwd',
    "' OR 1=1 --",
    '"; DROP TABLE events; --',
    `\${jndi:ldap://x}`,
    '__proto__',
    'constructor',
    'prototype',
    TOKEN_LIKE,
    `Bearer ${TOKEN_LIKE}`,
    'null',
    'true',
    '1e308',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    '2026-02-30T00:00:00Z',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
    maxLength: 3,
  }),
  fc.integer({ min: 201, max: 20_000 }).map((n) => 'x'.repeat(n)),
);

/** Numbers at and beyond every edge: huge, tiny, negative zero, unsafe integers. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    1e308,
    -1e308,
    5e-324,
    -5e-324,
    1e12,
    1e12 + 1,
    2 ** 53 + 1,
    1e-300,
    0.1,
    123.456,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value, hostile leaves included, with many keys sometimes. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
    fc
      .integer({ min: 50, max: 3_000 })
      .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
  ),
})).value;

/**
 * Body texts JSON.stringify never produces: invalid UTF-8, deep nesting, duplicate and
 * prototype keys, escapes of lone surrogates and NUL, trailing garbage, not JSON at all.
 */
export const hostileBodyText: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.integer({ min: 30, max: 5_000 }).map((n) => `{"itens":${'['.repeat(n)}${']'.repeat(n)}}`),
  fc.integer({ min: 30, max: 5_000 }).map((n) => `{"linhas":[${'{"a":'.repeat(n)}1${'}'.repeat(n)}]}`),
  fc.constantFrom(
    '{"itens":[{"sku":"A","sku":"B"}]}',
    '{"__proto__":{"admin":true}}',
    '{"itens":[{"constructor":{"prototype":{"x":1}}}]}',
    '{"itens":[{"sku":"\\ud800x","nome":"a"}]}',
    '{"motivo":"\\u0000"}',
    '{"itens":[]}garbage',
    '',
    'null',
    '[]',
    '"texto"',
    '1e308',
    '{"itens":1e99999}',
    '{',
  ),
  fc
    .uint8Array({ minLength: 1, maxLength: 64 })
    .map((bytes) =>
      Buffer.concat([Buffer.from('{"itens":[{"sku":"'), Buffer.from(bytes), Buffer.from('"}]}')]),
    ),
);

/** Percent-encoded tricks for a path segment or a parameter value. */
export const hostileUrlPart: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%C0%AE',
    '%ED%A0%80',
    '%FF',
    '%',
    '%zz',
    '%2e%2e',
    '..',
    '%2F',
    'a%2Fb',
    '%252e',
    ';token=abc',
    `%73vc_live_${'A1b2'.repeat(11)}xy`,
    TOKEN_LIKE,
    '%2B',
    '+',
    '%20',
    'x'.repeat(101),
    'x'.repeat(5_000),
  ),
  hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))),
);
