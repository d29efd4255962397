import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareCheckpoints, type LogCheckpoint } from '../../src/checkpoint.js';
import { DuplicateEventIdsError, WrongExpectedRevisionError } from '../../src/errors.js';
import type { EventStore, EventToAppend, RecordedEvent } from '../../src/event-store.js';
import { parseStreamName, streamName } from '../../src/stream-name.js';

/**
 * The behaviour every adapter owes the port. Each adapter's `*.int.test.ts` runs it once. The
 * store may hold other events (a shared KurrentDB server, earlier tests), so every test uses
 * fresh streams and looks only at its own events in the global log.
 */
export function runEventStoreContract(name: string, makeStore: () => Promise<EventStore>): void {
  describe(name, () => {
    let store: EventStore;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('reads back what it appended, with revisions from 0 and the caller’s times', async () => {
      const stream = freshStream();
      const created = new Date('2024-05-06T07:08:09.123Z');
      const events = [
        event('Tested.v1', { n: 1, text: 'olá "quoted" \\ back' }, { created, metadata: { by: 'me' } }),
        event('Tested.v1', { n: 2, nested: { list: [1, 'two', null] } }, { created }),
      ];
      const result = await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
      expect(result.nextExpectedRevision).toBe(1);

      const read = await store.readStream(stream);
      expect(read.map(pick)).toEqual(events.map((e, i) => ({ ...pickAppended(e), stream, revision: i })));
      expect(read[0]!.metadata).toEqual({ by: 'me' });
      expect(read[1]!.metadata).toEqual({});
      expect(read[1]!.position).toBe(result.lastPosition);
      expect(read[1]!.checkpoint).toEqual(result.lastCheckpoint);
      expect(compareCheckpoints(read[0]!.checkpoint, read[1]!.checkpoint)).toBeLessThan(0);

      expect((await store.readStream(stream, { fromRevision: 1 })).map((e) => e.id)).toEqual([events[1]!.id]);
      expect((await store.readStream(stream, { limit: 1 })).map((e) => e.id)).toEqual([events[0]!.id]);
      expect(await store.readStream(freshStream())).toEqual([]);
    });

    it('reads back any text its events and their metadata carry', async () => {
      const stream = freshStream();
      const texts = [
        '',
        'NULL',
        '{a,b}',
        'q"uote',
        'back\\slash',
        'line\nbreak',
        'tab\tx',
        '\u0001',
        'é 中 🧵',
        '\\n',
      ];
      // One append each, so that a text that breaks one statement shows which.
      for (const [revision, text] of texts.entries())
        await store.appendToStream(stream, [event('Tested.v1', { text }, { metadata: { text } })], {
          expectedRevision: revision === 0 ? 'no_stream' : revision - 1,
        });
      const read = await store.readStream(stream);
      expect(read.map((e) => e.data)).toEqual(texts.map((text) => ({ text })));
      expect(read.map((e) => e.metadata)).toEqual(texts.map((text) => ({ text })));
    });

    it('stamps the store’s clock when the caller gives no time', async () => {
      const stream = freshStream();
      const before = Date.now();
      await store.appendToStream(stream, [event('Tested.v1', {})], { expectedRevision: 'no_stream' });
      const [read] = await store.readStream(stream);
      // The store's clock may be another machine's: only a coarse bound.
      expect(Math.abs(read!.created.getTime() - before)).toBeLessThan(60_000);
    });

    it('checks the expected revision: no stream, exact, any', async () => {
      const stream = freshStream();
      await expectConflict(store.appendToStream(stream, [event('Tested.v1', {})], { expectedRevision: 0 }), {
        stream,
        expected: 0,
        actual: 'no_stream',
      });
      const first = await store.appendToStream(stream, [event('Tested.v1', {}), event('Tested.v1', {})], {
        expectedRevision: 'no_stream',
      });
      expect(first.nextExpectedRevision).toBe(1);
      await expectConflict(
        store.appendToStream(stream, [event('Tested.v1', {})], { expectedRevision: 'no_stream' }),
        { stream, expected: 'no_stream', actual: 1 },
      );
      await expectConflict(store.appendToStream(stream, [event('Tested.v1', {})], { expectedRevision: 0 }), {
        stream,
        expected: 0,
        actual: 1,
      });
      const exact = await store.appendToStream(stream, [event('Tested.v1', {})], { expectedRevision: 1 });
      expect(exact.nextExpectedRevision).toBe(2);
      const any = await store.appendToStream(stream, [event('Tested.v1', {})], { expectedRevision: 'any' });
      expect(any.nextExpectedRevision).toBe(3);
      expect(compareCheckpoints(exact.lastCheckpoint, any.lastCheckpoint)).toBeLessThan(0);
      expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2, 3]);
    });

    it('lets exactly one of several concurrent appends at the same revision win', async () => {
      const stream = freshStream();
      await store.appendToStream(stream, [event('Tested.v1', {})], { expectedRevision: 'no_stream' });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 6 }, () =>
          store.appendToStream(stream, [event('Tested.v1', {})], { expectedRevision: 0 }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes)
        if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('treats a re-append of the same event ids as the original append and writes nothing', async () => {
      const stream = freshStream();
      const start = (await store.readHead()).checkpoint;
      const batch = [event('Tested.v1', { n: 1 }), event('Tested.v1', { n: 2 })];
      const original = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });

      // The retry of a command whose first attempt succeeded unseen.
      expect(await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' })).toEqual(original);
      const later = await store.appendToStream(stream, [event('Tested.v1', { n: 3 })], {
        expectedRevision: 1,
      });
      // Retried after the stream moved on: still the original result, not a conflict.
      expect(await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' })).toEqual(original);
      expect(await store.appendToStream(stream, batch, { expectedRevision: 'any' })).toEqual(original);

      expect((await store.readStream(stream)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      const inLog = await readLogUntil(store, start, [stream], 3);
      expect(inLog.map((e) => e.id)).toEqual([...batch.map((e) => e.id), expect.any(String)]);
      expect(inLog.at(-1)!.checkpoint).toEqual(later.lastCheckpoint);
    });

    it('refuses, writing nothing, an append of which only some event ids exist', async () => {
      const stream = freshStream();
      const [a, b] = [event('Tested.v1', { n: 1 }), event('Tested.v1', { n: 2 })];
      await store.appendToStream(stream, [a!], { expectedRevision: 'no_stream' });
      const error = await store.appendToStream(stream, [a!, b!], { expectedRevision: 'any' }).catch((e) => e);
      expect(error).toBeInstanceOf(DuplicateEventIdsError);
      expect((error as DuplicateEventIdsError).existingIds).toEqual([a!.id]);
      expect((await store.readStream(stream)).map((e) => e.id)).toEqual([a!.id]);
    });

    it('reads the global log in append order, in batches, after any checkpoint', async () => {
      const start = (await store.readHead()).checkpoint;
      const streams = [freshStream(), freshStream(), freshStream()];
      const appended: { id: string; position: number; checkpoint: LogCheckpoint }[] = [];
      const revision = new Map<string, number>();
      for (let i = 0; i < 9; i++) {
        const stream = streams[i % 3]!;
        const e = event('Tested.v1', { i });
        const r = await store.appendToStream(stream, [e], {
          expectedRevision: revision.get(stream) ?? 'no_stream',
        });
        revision.set(stream, r.nextExpectedRevision);
        appended.push({ id: e.id, position: r.lastPosition, checkpoint: r.lastCheckpoint });
      }

      const batches = await readLogInBatches(store, start, streams, 9, 2);
      expect(batches.every((b) => b.length <= 2)).toBe(true);
      const read = batches.flat().filter((e) => streams.includes(e.stream));
      expect(read.map((e) => e.id)).toEqual(appended.map((a) => a.id));
      expect(read.map((e) => e.position)).toEqual(appended.map((a) => a.position));
      expect(read.map((e) => e.checkpoint)).toEqual(appended.map((a) => a.checkpoint));
      const all = batches.flat();
      for (let i = 1; i < all.length; i++)
        expect(compareCheckpoints(all[i - 1]!.checkpoint, all[i]!.checkpoint)).toBeLessThan(0);

      // Resuming from the middle gives the rest, and nothing twice.
      const rest = await readLogUntil(store, read[4]!.checkpoint, streams, 4);
      expect(rest.map((e) => e.id)).toEqual(appended.slice(5).map((a) => a.id));
    });

    it('tells the head of the log and the checkpoint of a position', async () => {
      const stream = freshStream();
      const r = await store.appendToStream(stream, [event('Tested.v1', {})], {
        expectedRevision: 'no_stream',
      });
      const head = await store.readHead();
      expect(compareCheckpoints(head.checkpoint, r.lastCheckpoint)).toBeGreaterThanOrEqual(0);
      expect(Math.abs(head.at.getTime() - Date.now())).toBeLessThan(60_000);
      expect(await store.checkpointOf(r.lastPosition)).toEqual(r.lastCheckpoint);
    });

    it('counts the events after a checkpoint, up to another one', async () => {
      const before = (await store.readHead()).checkpoint;
      const stream = freshStream();
      const first = await store.appendToStream(stream, [event('Tested.v1', {}), event('Tested.v1', {})], {
        expectedRevision: 'no_stream',
      });
      await store.appendToStream(stream, [event('Tested.v1', {})], { expectedRevision: 1 });
      // Other tests may append meanwhile: what lies between our own events is ours alone.
      expect(await store.countEvents({ after: before, upTo: first.lastCheckpoint })).toBeGreaterThanOrEqual(
        2,
      );
      const ours = await store.readStream(stream);
      expect(await store.countEvents({ after: ours[0]!.checkpoint, upTo: ours[1]!.checkpoint })).toBe(1);
      expect(await store.countEvents({ after: ours[2]!.checkpoint, upTo: ours[2]!.checkpoint })).toBe(0);
      expect(await store.countEvents({ after: ours[1]!.checkpoint })).toBeGreaterThanOrEqual(1);
    });

    it('wakes a subscription on append, well before its poll interval', async () => {
      const stream = freshStream();
      const received: RecordedEvent[] = [];
      let arrived: () => void = () => undefined;
      const delivered = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const subscription = await store.subscribe({
        after: (await store.readHead()).checkpoint,
        pollIntervalMs: 60_000,
        handle: async (events) => {
          received.push(...events.filter((e) => e.stream === stream));
          if (received.length > 0) arrived();
        },
      });
      try {
        // Let the first (empty) read pass, so only a wake-up can deliver the event in time.
        await new Promise((r) => setTimeout(r, 200));
        const e = event('Tested.v1', { woke: true });
        const started = Date.now();
        await store.appendToStream(stream, [e], { expectedRevision: 'no_stream' });
        await delivered;
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(received.map((x) => x.id)).toEqual([e.id]);
      } finally {
        await subscription.close();
      }
      await expect(subscription.done).resolves.toBeUndefined();
    });

    it('ends a subscription whose handler fails, with that error', async () => {
      const stream = freshStream();
      const start = (await store.readHead()).checkpoint;
      await store.appendToStream(stream, [event('Tested.v1', {})], { expectedRevision: 'no_stream' });
      const failure = new Error('projection failed');
      const subscription = await store.subscribe({
        after: start,
        pollIntervalMs: 20,
        handle: async (events) => {
          if (events.some((e) => e.stream === stream)) throw failure;
        },
      });
      await expect(subscription.done).rejects.toBe(failure);
      await subscription.close();
    });

    it('keeps companies apart: the same entity under two companies is two streams', async () => {
      const [companyA, companyB, item] = [randomUUID(), randomUUID(), randomUUID()];
      const a = streamName('estoque', companyA, item);
      const b = streamName('estoque', companyB, item);
      const start = (await store.readHead()).checkpoint;
      await store.appendToStream(a, [event('Tested.v1', { company: 'A' })], {
        expectedRevision: 'no_stream',
      });
      const rb = await store.appendToStream(b, [event('Tested.v1', { company: 'B' })], {
        expectedRevision: 'no_stream',
      });
      expect(rb.nextExpectedRevision).toBe(0);
      expect((await store.readStream(b)).map((e) => e.data)).toEqual([{ company: 'B' }]);
      const inLog = await readLogUntil(store, start, [a, b], 2);
      expect(inLog.map((e) => parseStreamName(e.stream)?.companyId)).toEqual([companyA, companyB]);
    });
  });
}

function freshStream(): string {
  return streamName('contract', randomUUID(), randomUUID());
}

function event(
  type: string,
  data: Record<string, unknown>,
  extra: { created?: Date; metadata?: Record<string, unknown> } = {},
): EventToAppend {
  return { id: randomUUID(), type, data, ...extra };
}

function pickAppended(e: EventToAppend) {
  return { id: e.id, type: e.type, data: e.data, created: e.created };
}

function pick(e: RecordedEvent) {
  return { id: e.id, type: e.type, data: e.data, created: e.created, stream: e.stream, revision: e.revision };
}

async function expectConflict(append: Promise<unknown>, expected: Partial<WrongExpectedRevisionError>) {
  const error = await append.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(error).toMatchObject(expected);
}

/**
 * Reads the global log after `after` until `count` events of `streams` were seen. Events become
 * readable only once no older transaction is open (possibly in another test's database on the
 * same server), so an empty read is retried for a while rather than taken as the end.
 */
async function readLogInBatches(
  store: EventStore,
  after: LogCheckpoint,
  streams: string[],
  count: number,
  limit: number,
): Promise<RecordedEvent[][]> {
  const batches: RecordedEvent[][] = [];
  let seen = 0;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const batch = await store.readAll({ after, limit });
    if (batch.length > 0) {
      batches.push(batch);
      after = batch.at(-1)!.checkpoint;
      seen += batch.filter((e) => streams.includes(e.stream)).length;
    }
    if (seen >= count) return batches;
    if (batch.length < limit) await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`saw ${seen} of ${count} events in the global log`);
}

async function readLogUntil(
  store: EventStore,
  after: LogCheckpoint,
  streams: string[],
  count: number,
): Promise<RecordedEvent[]> {
  const batches = await readLogInBatches(store, after, streams, count, 100);
  return batches.flat().filter((e) => streams.includes(e.stream));
}
