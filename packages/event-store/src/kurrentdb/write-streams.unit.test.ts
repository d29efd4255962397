import { describe, expect, it } from 'vitest';
import { isUnsupported, toRevision, toStreamState } from './write-streams.js';

class UnsupportedError extends Error {}

describe('KurrentDB writes', () => {
  it('tells a server without multi-stream append from other failures', () => {
    expect(isUnsupported(new UnsupportedError('multiStreamAppend'), UnsupportedError)).toBe(true);
    expect(isUnsupported(Object.assign(new Error('x'), { code: 12 }), UnsupportedError)).toBe(true);
    expect(isUnsupported(new Error('12 UNIMPLEMENTED: unknown service'), UnsupportedError)).toBe(true);
    expect(isUnsupported(new Error('14 UNAVAILABLE: connection refused'), UnsupportedError)).toBe(false);
    expect(isUnsupported(Object.assign(new Error('x'), { code: 14 }), UnsupportedError)).toBe(false);
    expect(isUnsupported(undefined, UnsupportedError)).toBe(false);
  });

  it('sends the expected revision as the server stream state', () => {
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState('no_stream')).toBe('no_stream');
    expect(toStreamState(41)).toBe(41n);
  });

  it('reads the revision a conflict reports', () => {
    expect(toRevision('no_stream')).toBe('no_stream');
    expect(toRevision(7n)).toBe(7);
  });
});
