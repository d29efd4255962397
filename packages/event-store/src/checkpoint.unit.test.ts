import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCheckpoints, formatCheckpoint, LOG_START, parseCheckpoint } from './checkpoint.js';

const checkpoint = fc.record({
  txId: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String),
  position: fc.nat({ max: Number.MAX_SAFE_INTEGER }),
});

describe('log checkpoints', () => {
  it('order by transaction id first, then position', () => {
    expect(compareCheckpoints({ txId: '9', position: 100 }, { txId: '10', position: 1 })).toBeLessThan(0);
    expect(compareCheckpoints({ txId: '10', position: 2 }, { txId: '10', position: 1 })).toBeGreaterThan(0);
    expect(compareCheckpoints(LOG_START, { txId: '0', position: 0 })).toBe(0);
  });

  it('compare 64-bit transaction ids exactly', () => {
    const big = { txId: '18446744073709551615', position: 1 };
    const justBelow = { txId: '18446744073709551614', position: 2 };
    expect(compareCheckpoints(justBelow, big)).toBeLessThan(0);
  });

  it('round-trip through their text form, keeping the order', () => {
    fc.assert(
      fc.property(checkpoint, checkpoint, (a, b) => {
        expect(parseCheckpoint(formatCheckpoint(a))).toEqual(a);
        expect(Math.sign(compareCheckpoints(a, b))).toBe(-Math.sign(compareCheckpoints(b, a)));
      }),
    );
  });

  it('refuse text that is not a checkpoint', () => {
    for (const text of ['', '1', '1:', ':1', '01:1', '1:-1', '1:2:3', 'a:1', '1:99999999999999999'])
      expect(() => parseCheckpoint(text)).toThrow(RangeError);
  });
});
