import { describe, expect, it } from 'vitest';
import { compareCheckpoints, LOG_START } from '../checkpoint.js';
import type { ReadAllOptions, RecordedEvent } from '../event-store.js';
import { followLog, type LogFollowSource } from './follow-log.js';
import { WakeSignal } from './wake-signal.js';

// An in-memory log whose events become readable only when `visible` says so, like rows
// behind PostgreSQL's snapshot horizon.
function memoryLog() {
  const events: RecordedEvent[] = [];
  let visible = 0;
  let wake: () => void = () => undefined;
  const source: LogFollowSource = {
    async readAll({ after = LOG_START, limit = 1000 }: ReadAllOptions) {
      return events
        .slice(0, visible)
        .filter((e) => compareCheckpoints(e.checkpoint, after) > 0)
        .slice(0, limit);
    },
    async readHead() {
      return { at: new Date(), checkpoint: events.at(-1)?.checkpoint ?? LOG_START };
    },
    async listen(w) {
      wake = w;
      return async () => undefined;
    },
  };
  return {
    source,
    append(count: number, { readable = true, notify = true } = {}) {
      for (let i = 0; i < count; i++) {
        const position = events.length + 1;
        events.push({
          id: String(position),
          stream: 's',
          revision: position - 1,
          position,
          checkpoint: { txId: String(position), position },
          type: 'T.v1',
          data: {},
          metadata: {},
          created: new Date(0),
        });
      }
      if (readable) visible = events.length;
      if (notify) wake();
    },
    reveal() {
      visible = events.length;
    },
  };
}

describe('following the log', () => {
  it('delivers everything after the checkpoint, in order and in batches', async () => {
    const log = memoryLog();
    log.append(10, { notify: false });
    const batches: string[][] = [];
    const subscription = await followLog(log.source, {
      after: { txId: '2', position: 2 },
      batchSize: 3,
      pollIntervalMs: 60_000,
      handle: async (events) => void batches.push(events.map((e) => e.id)),
    });
    await expect.poll(() => batches.flat().length).toBe(8);
    log.append(2);
    await expect.poll(() => batches.flat().length).toBe(10);
    await subscription.close();
    expect(batches.flat()).toEqual(['3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(batches.every((b) => b.length <= 3)).toBe(true);
  });

  it('re-reads soon when committed events are not readable yet, without waiting a poll', async () => {
    const log = memoryLog();
    const seen: string[] = [];
    const subscription = await followLog(log.source, {
      pollIntervalMs: 60_000,
      handle: async (events) => void seen.push(...events.map((e) => e.id)),
    });
    log.append(1, { readable: false }); // the wake-up comes before the event can be read
    await new Promise((r) => setTimeout(r, 50));
    log.reveal();
    await expect.poll(() => seen, { timeout: 3000 }).toEqual(['1']);
    await subscription.close();
  });

  it('ends with the handler’s error, and resolves once closed', async () => {
    const log = memoryLog();
    log.append(1, { notify: false });
    const failure = new Error('boom');
    const failing = await followLog(log.source, {
      handle: async () => {
        throw failure;
      },
    });
    await expect(failing.done).rejects.toBe(failure);

    const idle = await followLog(log.source, {
      after: { txId: '1', position: 1 },
      handle: async () => undefined,
    });
    await idle.close();
    await expect(idle.done).resolves.toBeUndefined();
  });

  it('keeps polling when it cannot listen', async () => {
    const log = memoryLog();
    const errors: unknown[] = [];
    const seen: string[] = [];
    const subscription = await followLog(
      { ...log.source, listen: () => Promise.reject(new Error('no listener')) },
      {
        pollIntervalMs: 20,
        onError: (e) => errors.push(e),
        handle: async (events) => void seen.push(...events.map((e) => e.id)),
      },
    );
    log.append(2, { notify: false });
    await expect.poll(() => seen).toEqual(['1', '2']);
    await subscription.close();
    expect(errors).toHaveLength(1);
  });
});

describe('wake signal', () => {
  it('keeps a wake-up that arrives while nobody waits', async () => {
    const signal = new WakeSignal();
    signal.wake();
    expect(await signal.wait(60_000)).toBe(true);
    signal.clear();
    expect(await signal.wait(5)).toBe(false);
  });
});
