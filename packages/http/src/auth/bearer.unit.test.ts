import { describe, expect, it } from 'vitest';
import { readBearer } from './bearer.js';

describe('readBearer', () => {
  it('tolerates spaces, tabs, line breaks and a lower-case scheme', () => {
    for (const h of ['Bearer abc', 'bearer abc', '  BEARER\tabc \r\n', '\nBearer   abc\t']) {
      expect(readBearer(h)).toEqual({ kind: 'token', token: 'abc' });
    }
  });

  it('tells a missing header from a malformed one', () => {
    expect(readBearer(undefined)).toEqual({ kind: 'missing' });
    expect(readBearer('   ')).toEqual({ kind: 'missing' });
    for (const h of ['Basic abc', 'Bearer', 'Bearer a b', 'abc', 'Bearerabc'])
      expect(readBearer(h)).toEqual({ kind: 'malformed' });
  });
});
