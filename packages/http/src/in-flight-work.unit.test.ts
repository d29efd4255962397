import { describe, expect, it } from 'vitest';
import { InFlightWork } from './in-flight-work.js';

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('in-flight work', () => {
  it('settles only once every tracked piece of work has, including work tracked meanwhile', async () => {
    const work = new InFlightWork();
    const first = gate();
    const second = gate();
    const done: string[] = [];
    void work.track(first.opened.then(() => done.push('first')));
    const settled = work.settled().then(() => done.push('settled'));
    void work.track(second.opened.then(() => done.push('second')));
    first.open();
    await first.opened;
    second.open();
    await settled;
    expect(done).toEqual(['first', 'second', 'settled']);
  });

  it('passes the outcome through, a failure included, and counts failed work as settled', async () => {
    const work = new InFlightWork();
    await expect(work.track(Promise.resolve(7))).resolves.toBe(7);
    const failure = work.track(Promise.reject(new Error('boom')));
    await expect(failure).rejects.toThrow('boom');
    await expect(work.settled()).resolves.toBeUndefined();
  });
});
