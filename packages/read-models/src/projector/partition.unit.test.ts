import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@factory/event-store';
import { describe, expect, it } from 'vitest';
import { parsePartition, partitionCheckpointName, partitioned, partitionOf } from './partition.js';
import type { Projection } from './projection.js';

const event = (empresa: string, n: number) =>
  ({
    id: `e${n}`,
    stream: `estoque-${empresa}-${randomUUID()}`,
    type: 'T',
    metadata: {},
  }) as unknown as RecordedEvent;

describe('partitions by company', () => {
  it('parses i/n and refuses anything else', () => {
    expect(parsePartition('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['4/4', '1/0', 'a/b', '1', '-1/2'])
      expect(() => parsePartition(bad)).toThrow(RangeError);
  });

  it('gives every company exactly one owner, the same every time, and spreads them', () => {
    const companies = Array.from({ length: 400 }, () => randomUUID());
    const counts = [0, 0, 0, 0];
    for (const c of companies) {
      const p = partitionOf(c, 4);
      expect(partitionOf(c, 4)).toBe(p);
      counts[p]!++;
    }
    for (const n of counts) expect(n).toBeGreaterThan(50);
  });

  it('applies only its own companies, in log order, and skips a batch with none', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const seen: string[][] = [];
    const base: Projection = {
      name: 'p',
      version: 1,
      handles: ['T'],
      tables: [],
      apply: async (_client, events) => void seen.push(events.map((e) => e.id)),
    };
    const batch = [event(a, 1), event(b, 2), event(a, 3)];
    const workers = [0, 1].map((index) => partitioned(base, { index, count: 2 }));
    for (const worker of workers)
      await worker.apply({} as never, batch, { schema: 'public', checkpointName: 'p' });
    const owner = partitionOf(a, 2);
    const expected =
      partitionOf(b, 2) === owner
        ? [['e1', 'e2', 'e3']]
        : owner === 0
          ? [['e1', 'e3'], ['e2']]
          : [['e2'], ['e1', 'e3']];
    expect(seen).toEqual(expected);
  });

  it('names each partition its own checkpoint; one partition is the whole projection', () => {
    expect(partitionCheckpointName('estoque', { index: 1, count: 4 })).toBe('estoque#1/4');
    expect(partitionCheckpointName('estoque', { index: 0, count: 1 })).toBe('estoque');
  });
});
