import { describe, expect, it } from 'vitest';
import { startTogether } from './start-together.js';

describe('startTogether', () => {
  it('lets nobody through until every party has arrived, then everybody', async () => {
    const arrive = startTogether(3);
    const through: number[] = [];
    const first = arrive().then(() => through.push(1));
    const second = arrive().then(() => through.push(2));
    // Give the first two every chance to pass: they must not.
    await new Promise((resolve) => setImmediate(resolve));
    expect(through).toEqual([]);
    await Promise.all([arrive().then(() => through.push(3)), first, second]);
    expect(through.sort()).toEqual([1, 2, 3]);
  });

  it('opens at once for a single party', async () => {
    await expect(startTogether(1)()).resolves.toBeUndefined();
  });
});
