import { describe, expect, it } from 'vitest';
import { createBatcher, type Settled } from './batcher.js';

describe('batcher', () => {
  it('runs a lone job at once, and jobs arriving during a run together in the next', async () => {
    const runs: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const group = createBatcher<number, number>(async (jobs) => {
      runs.push([...jobs]);
      if (runs.length === 1) await gate;
      return jobs.map((j) => ({ ok: true, value: j * 10 }));
    });
    const first = group.submit(1);
    const later = [group.submit(2), group.submit(3), group.submit(4)];
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it('caps a run at maxBatch jobs', async () => {
    const sizes: number[] = [];
    const group = createBatcher<number, number>(
      async (jobs) => {
        sizes.push(jobs.length);
        return jobs.map((j) => ({ ok: true, value: j }));
      },
      { maxBatch: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].map((j) => group.submit(j)));
    expect(sizes).toEqual([1, 2, 2]);
  });

  it('fails only the job the run says failed, and every job of a run that threw', async () => {
    const boom = new Error('boom');
    let call = 0;
    const group = createBatcher<number, number>(async (jobs): Promise<Settled<number>[]> => {
      call++;
      if (call === 2) throw boom;
      return jobs.map((j) => (j === 2 ? { ok: false, error: new Error('two') } : { ok: true, value: j }));
    });
    const a = group.submit(1);
    const [b, c] = [group.submit(2), group.submit(3)];
    await expect(a).resolves.toBe(1);
    await expect(b).rejects.toBe(boom);
    await expect(c).rejects.toBe(boom);
    await expect(group.submit(2)).rejects.toThrow('two');
    await expect(group.submit(5)).resolves.toBe(5);
  });
});

describe('batcher, a run that forgets a job', () => {
  it('rejects the job it gave no outcome and settles the others', async () => {
    const batcher = createBatcher<number, number>(async (jobs) =>
      jobs.length > 1 ? [{ ok: true, value: jobs[0]! }] : jobs.map((j) => ({ ok: true, value: j })),
    );
    const lone = batcher.submit(1);
    const [first, second] = [batcher.submit(2), batcher.submit(3)];
    await expect(lone).resolves.toBe(1);
    await expect(first).resolves.toBe(2);
    await expect(second).rejects.toThrow('no outcome');
  });
});
