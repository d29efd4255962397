import { describe, expect, it } from 'vitest';
import { Random } from './random.js';

describe('Random', () => {
  it('gives the same sequence for one seed and another for another seed', () => {
    const draw = (seed: string) => {
      const r = new Random(seed);
      return Array.from({ length: 50 }, () => r.next());
    };
    expect(draw('42')).toEqual(draw('42'));
    expect(draw('42')).not.toEqual(draw('43'));
  });

  it('stays in its bounds and covers them', () => {
    const r = new Random('bounds');
    const ints = new Set(Array.from({ length: 2_000 }, () => r.int(1, 6)));
    expect([...ints].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (let i = 0; i < 1_000; i++) {
      const x = r.next();
      expect(x >= 0 && x < 1).toBe(true);
      const d = r.decimal(0.5, 2, 2);
      expect(d).toMatch(/^\d\.\d\d$/);
      expect(Number(d) >= 0.5 && Number(d) <= 2).toBe(true);
    }
  });

  it('draws weighted keys in proportion to their weights', () => {
    const r = new Random('weights');
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 10_000; i++) counts[r.weighted({ a: 9, b: 1 })] += 1;
    expect(counts.a / 10_000).toBeGreaterThan(0.85);
    expect(counts.a / 10_000).toBeLessThan(0.95);
  });
});
