import { initialStockState } from '@factory/domain';
import { describe, expect, it } from 'vitest';
import { createStockStateCache } from './stock-state-cache.js';

const loaded = (revision: number, movements = 0) => {
  const state = initialStockState();
  for (let i = 0; i < movements; i++) state.movements.set(`m${i}`, { kind: 'reversal' });
  return { state, revision, snapshotRevision: -1 };
};

describe('stock state cache', () => {
  it('hands a state out once: taken states are gone until put back', () => {
    const cache = createStockStateCache(100);
    const a = loaded(3);
    cache.put('a', a);
    expect(cache.take('a')).toBe(a);
    expect(cache.take('a')).toBeUndefined();
  });

  it('keeps no state of a stream that does not exist', () => {
    const cache = createStockStateCache(100);
    cache.put('a', { state: initialStockState(), revision: 'no_stream', snapshotRevision: -1 });
    expect(cache.take('a')).toBeUndefined();
  });

  it('evicts the least recently used states past its size', () => {
    const cache = createStockStateCache(25);
    cache.put('a', loaded(1, 9)); // size 10
    cache.put('b', loaded(1, 9));
    cache.put('c', loaded(1, 9));
    expect(cache.take('a')).toBeUndefined();
    expect(cache.take('b')?.revision).toBe(1);
    expect(cache.take('c')?.revision).toBe(1);
  });
});
