import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCheckpoints, LOG_START } from '../checkpoint.js';
import type { ReadAllOptions, RecordedEvent } from '../event-store.js';
import { LogTail } from './log-tail.js';

// An in-memory log that counts the reads reaching it.
function memoryLog(count = 0) {
  const events: RecordedEvent[] = [];
  const log = {
    reads: 0,
    events,
    append(n: number) {
      for (let i = 0; i < n; i++) {
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
    },
    async readAll({ after, limit }: Required<ReadAllOptions>) {
      log.reads++;
      return events.filter((e) => compareCheckpoints(e.checkpoint, after) > 0).slice(0, limit);
    },
  };
  log.append(count);
  return log;
}

const ids = (events: RecordedEvent[]) => events.map((e) => e.id);
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('the log tail shared by a store’s subscriptions', () => {
  it('reads each stretch of the log once for readers in step', async () => {
    const log = memoryLog(30);
    const tail = new LogTail(log.readAll);
    const [a, b] = [tail.reader(LOG_START), tail.reader(LOG_START)];
    let after = { a: LOG_START, b: LOG_START };
    const seen = { a: [] as string[], b: [] as string[] };
    for (let round = 0; round < 3; round++) {
      const batchA = await a.read({ after: after.a, limit: 10 });
      const batchB = await b.read({ after: after.b, limit: 10 });
      seen.a.push(...ids(batchA));
      seen.b.push(...ids(batchB));
      after = { a: batchA.at(-1)!.checkpoint, b: batchB.at(-1)!.checkpoint };
    }
    expect(seen.a).toEqual(ids(log.events));
    expect(seen.b).toEqual(seen.a);
    expect(log.reads).toBe(3);
  });

  it('answers a read begun after an append with that append, never with an older short read', async () => {
    const log = memoryLog(3);
    const tail = new LogTail(log.readAll);
    const [a, b] = [tail.reader(LOG_START), tail.reader(LOG_START)];
    expect(ids(await a.read({ after: LOG_START, limit: 10 }))).toEqual(['1', '2', '3']);
    log.append(2);
    expect(ids(await b.read({ after: LOG_START, limit: 10 }))).toEqual(['1', '2', '3', '4', '5']);
    expect(ids(await a.read({ after: { txId: '3', position: 3 }, limit: 10 }))).toEqual(['4', '5']);
  });

  it('keeps what a reader will start with, before its first read', async () => {
    const log = memoryLog(30);
    const tail = new LogTail(log.readAll);
    const [early, late] = [tail.reader(LOG_START), tail.reader(LOG_START)];
    const at = (n: number) => ({ txId: String(n), position: n });
    for (let n = 0; n < 30; n += 10) await early.read({ after: at(n), limit: 10 });
    expect(ids(await late.read({ after: LOG_START, limit: 10 }))).toEqual(ids(log.events.slice(0, 10)));
    expect(log.reads).toBe(3);
  });

  it('lets a reader far behind read on its own, and takes it in once it reaches the stretch', async () => {
    const log = memoryLog(40);
    const tail = new LogTail(log.readAll);
    const [ahead, behind] = [tail.reader(LOG_START), tail.reader(LOG_START)];
    const at = (n: number) => ({ txId: String(n), position: n });
    expect(ids(await ahead.read({ after: at(20), limit: 10 }))).toEqual(ids(log.events.slice(20, 30)));
    expect(ids(await behind.read({ after: LOG_START, limit: 10 }))).toEqual(ids(log.events.slice(0, 10)));
    expect(ids(await behind.read({ after: at(10), limit: 10 }))).toEqual(ids(log.events.slice(10, 20)));
    const reads = log.reads;
    expect(ids(await behind.read({ after: at(20), limit: 10 }))).toEqual(ids(log.events.slice(20, 30)));
    expect(log.reads).toBe(reads);
  });

  it('starts a new stretch where the readers are once nobody uses the old one', async () => {
    const log = memoryLog(40);
    const tail = new LogTail(log.readAll);
    const at = (n: number) => ({ txId: String(n), position: n });
    const gone = tail.reader(at(20));
    await gone.read({ after: at(20), limit: 10 });
    gone.close();
    const [first, second] = [tail.reader(LOG_START), tail.reader(LOG_START)];
    expect(ids(await first.read({ after: LOG_START, limit: 10 }))).toEqual(ids(log.events.slice(0, 10)));
    expect(ids(await second.read({ after: LOG_START, limit: 10 }))).toEqual(ids(log.events.slice(0, 10)));
    expect(log.reads).toBe(2);
  });

  it('holds a reader that runs too far ahead until the others move on', async () => {
    const log = memoryLog(100);
    const tail = new LogTail(log.readAll);
    const [fast, slow] = [tail.reader(LOG_START), tail.reader(LOG_START)];
    const at = (n: number) => ({ txId: String(n), position: n });
    await slow.read({ after: LOG_START, limit: 10 });
    for (let n = 0; n < 40; n += 10) await fast.read({ after: at(n), limit: 10 });
    let done = false;
    const waiting = fast.read({ after: at(40), limit: 10 }).then((events) => {
      done = true;
      return events;
    });
    await settle();
    expect(done).toBe(false);
    await slow.read({ after: at(10), limit: 10 });
    expect(ids(await waiting)).toEqual(ids(log.events.slice(40, 50)));
    // A reader that leaves holds nobody back either.
    slow.close();
    for (let n = 50; n < 100; n += 10) await fast.read({ after: at(n), limit: 10 });
  });

  it('gives every reader the log after its start, in order, whatever the sizes, starts and interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ limit: fc.integer({ min: 1, max: 12 }), start: fc.nat(30) }), {
          minLength: 2,
          maxLength: 4,
        }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 5 }), fc.boolean()), { maxLength: 120 }),
        async (specs, steps) => {
          const log = memoryLog(30);
          const tail = new LogTail(log.readAll);
          const readers = specs.map(({ limit, start }) => {
            const after = start === 0 ? LOG_START : log.events[start - 1]!.checkpoint;
            return {
              limit,
              start,
              reader: tail.reader(after),
              after,
              seen: [] as string[],
              busy: null as Promise<void> | null,
            };
          });
          const step = (r: (typeof readers)[number]) => {
            r.busy = r.reader.read({ after: r.after, limit: r.limit }).then((events) => {
              r.seen.push(...ids(events));
              if (events.length > 0) r.after = events.at(-1)!.checkpoint;
              r.busy = null;
            });
          };
          for (const [pick, appended, reopen] of steps) {
            log.append(appended);
            const r = readers[pick % readers.length]!;
            if (r.busy !== null) continue;
            // A subscription that ends and another resuming from its checkpoint.
            if (reopen && pick % 7 === 0) {
              r.reader.close();
              r.reader = tail.reader(r.after);
            }
            step(r);
            await new Promise((resolve) => setImmediate(resolve));
          }
          // Then everyone reads to the end, side by side: one held back waits for the others.
          await Promise.all(
            readers.map(async (r) => {
              await r.busy;
              while (r.seen.length < log.events.length - r.start) {
                step(r);
                await r.busy;
              }
            }),
          );
          for (const r of readers) expect(r.seen).toEqual(ids(log.events.slice(r.start)));
        },
      ),
      { numRuns: 200 },
    );
  });
});
