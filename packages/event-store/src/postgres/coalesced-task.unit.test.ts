import { describe, expect, it } from 'vitest';
import { CoalescedTask } from './coalesced-task.js';

/** A task whose runs are held until released, counting them. */
function heldTask() {
  const releases: Array<() => void> = [];
  let runs = 0;
  const task = new CoalescedTask(() => {
    runs++;
    return new Promise<void>((resolve) => releases.push(resolve));
  });
  const releaseNext = async () => {
    releases.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { task, runs: () => runs, releaseNext };
}

describe('coalesced task', () => {
  it('runs once for a burst of demands while idle', async () => {
    const { task, runs, releaseNext } = heldTask();
    for (let i = 0; i < 100; i++) task.demand();
    expect(runs()).toBe(1);
    await releaseNext();
    // Demands made while the run was in flight ask for one trailing run, not one each.
    expect(runs()).toBe(2);
    await releaseNext();
    await task.settled();
    expect(runs()).toBe(2);
  });

  it('runs once more for demands arriving during a run, and not at all without any', async () => {
    const { task, runs, releaseNext } = heldTask();
    task.demand();
    await releaseNext();
    await task.settled();
    expect(runs()).toBe(1);
    task.demand();
    task.demand();
    expect(runs()).toBe(2);
    await releaseNext();
    await releaseNext();
    await task.settled();
    expect(runs()).toBe(3);
  });

  it('does not retry a failed run by itself, and runs again on the next demand', async () => {
    let runs = 0;
    const task = new CoalescedTask(async () => {
      runs++;
      throw new Error('database down');
    });
    task.demand();
    task.demand();
    await task.settled();
    expect(runs).toBe(1);
    task.demand();
    await task.settled();
    expect(runs).toBe(2);
  });
});
