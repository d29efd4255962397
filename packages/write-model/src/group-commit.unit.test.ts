import { describe, expect, it } from 'vitest';
import { createGroupCommit, type Settled } from './group-commit.js';

describe('group commit', () => {
  it('runs a lone job at once, and jobs arriving during a run together in the next', async () => {
    const runs: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const group = createGroupCommit<number, number>(async (jobs) => {
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
    const group = createGroupCommit<number, number>(
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
    const group = createGroupCommit<number, number>(async (jobs): Promise<Settled<number>[]> => {
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
