import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Lanes } from './lanes.js';

describe('Lanes', () => {
  const recorder = () => {
    const events: string[] = [];
    let running = 0;
    let peak = 0;
    const task = (name: string, ms: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      events.push(`start ${name}`);
      await sleep(ms);
      events.push(`end ${name}`);
      running--;
      return name;
    };
    return { events, task, peak: () => peak };
  };

  it('runs tasks of one key in order, others side by side, never more than the limit', async () => {
    const lanes = new Lanes(2);
    const { events, task, peak } = recorder();
    const results = await Promise.all([
      lanes.run(['a'], task('a1', 20)),
      lanes.run(['b'], task('b1', 5)),
      lanes.run(['a'], task('a2', 1)),
      lanes.run(['c'], task('c1', 5)),
    ]);
    expect(results).toEqual(['a1', 'b1', 'a2', 'c1']);
    expect(events.indexOf('start a2')).toBeGreaterThan(events.indexOf('end a1'));
    expect(events.indexOf('start b1')).toBeLessThan(events.indexOf('end a1'));
    expect(peak()).toBe(2);
  });

  it('runs a task of lane null after every earlier one and before every later one', async () => {
    const lanes = new Lanes(4);
    const { events, task } = recorder();
    await Promise.all([
      lanes.run(['a'], task('a', 10)),
      lanes.run(['b'], task('b', 5)),
      lanes.run(null, task('all', 1)),
      lanes.run(['c'], task('c', 1)),
    ]);
    expect(events.indexOf('start all')).toBeGreaterThan(
      Math.max(events.indexOf('end a'), events.indexOf('end b')),
    );
    expect(events.indexOf('start c')).toBeGreaterThan(events.indexOf('end all'));
  });

  it('forgets a key once its last task settles, failed or not', async () => {
    const lanes = new Lanes();
    const first = lanes.run(['a', 'b'], async () => 'first');
    const failed = lanes.run(['a'], async () => {
      throw new Error('boom');
    });
    expect(lanes.pending).toBeGreaterThan(0);
    expect(await first).toBe('first');
    await expect(failed).rejects.toThrow('boom');
    await lanes.run(['c'], async () => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lanes.pending).toBe(0);
  });

  it('keeps going after a task fails: its followers still run', async () => {
    const lanes = new Lanes(1);
    const failed = lanes.run(['a'], async () => {
      throw new Error('boom');
    });
    const next = lanes.run(['a'], async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('next');
  });
});
