import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UniquenessConflictError } from '../../src/errors.js';
import type { EventStore, EventToAppend } from '../../src/event-store.js';
import { streamName } from '../../src/stream-name.js';
import type { UniquenessChange } from '../../src/write-side.js';

/**
 * What every adapter owes the write path (issue 9): loading streams with their snapshots, one
 * atomic append over several streams with its rows, uniqueness claims and checks. Run by each
 * adapter's `*.int.test.ts` beside runEventStoreContract; fresh streams and companies per test.
 */
export function runWritePathContract(name: string, makeStore: () => Promise<EventStore>): void {
  describe(name, () => {
    let store: EventStore;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('appends to several streams at once, each at its expected revision', async () => {
      const [a, b] = [freshStream(), freshStream()];
      const first = await store.append({
        streams: [
          { stream: a, events: [event({ n: 1 }), event({ n: 2 })], expectedRevision: 'no_stream' },
          { stream: b, events: [event({ n: 3 })], expectedRevision: 'no_stream' },
        ],
      });
      expect(first.written).toBe(true);
      if (!first.written) return;
      expect(first.events.map((e) => [e.stream, e.revision])).toEqual([
        [a, 0],
        [a, 1],
        [b, 0],
      ]);
      const read = await store.readStream(a);
      expect(read.map((e) => e.position)).toEqual(first.events.slice(0, 2).map((e) => e.position));
      expect(read.at(-1)!.checkpoint).toEqual(first.events[1]!.checkpoint);
    });

    it('writes nothing when one stream is not at its expected revision, and says which', async () => {
      const [a, b] = [freshStream(), freshStream()];
      await store.append({ streams: [{ stream: b, events: [event({})], expectedRevision: 'no_stream' }] });
      const outcome = await store.append({
        streams: [
          { stream: a, events: [event({})], expectedRevision: 'no_stream' },
          { stream: b, events: [event({})], expectedRevision: 'no_stream' },
        ],
      });
      expect(outcome).toMatchObject({
        written: false,
        existing: [],
        conflicts: [{ stream: b, expected: 'no_stream', actual: 0 }],
      });
      expect(await store.readStream(a)).toEqual([]);
      expect(await store.readStream(b)).toHaveLength(1);
    });

    it('answers a repeated write with the events already there and writes nothing', async () => {
      const [a, b] = [freshStream(), freshStream()];
      const request = {
        streams: [
          { stream: a, events: [event({ n: 1 })], expectedRevision: 'no_stream' as const },
          { stream: b, events: [event({ n: 2 })], expectedRevision: 'no_stream' as const },
        ],
      };
      const first = await store.append(request);
      const again = await store.append(request);
      expect(again.written).toBe(false);
      if (again.written || !first.written) return;
      expect(sortById(again.existing)).toEqual(sortById(first.events));
      expect(await store.readStream(a)).toHaveLength(1);
    });

    it('lets exactly one of concurrent writes at one revision through', async () => {
      const stream = freshStream();
      await store.append({ streams: [{ stream, events: [event({})], expectedRevision: 'no_stream' }] });
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () =>
          store.append({ streams: [{ stream, events: [event({})], expectedRevision: 0 }] }),
        ),
      );
      expect(outcomes.filter((o) => o.written)).toHaveLength(1);
      for (const o of outcomes) if (!o.written) expect(o.conflicts).toMatchObject([{ stream, actual: 1 }]);
    });

    it('stops on a failed check: a location that is not an active one of the company', async () => {
      const stream = freshStream();
      const location = { empresaId: randomUUID(), localId: randomUUID() };
      const outcome = await store.append({
        streams: [{ stream, events: [event({})], expectedRevision: 'no_stream' }],
        checks: [{ kind: 'active_locations', locations: [location] }],
      });
      expect(outcome).toMatchObject({
        written: false,
        failedChecks: [[`${location.empresaId}/${location.localId}`]],
      });
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('holds a unique key for one owner at a time: claim, refuse another, release, claim again', async () => {
      const empresaId = randomUUID();
      const key = { scope: 'produto_sku' as const, empresaId, value: `SKU-${randomUUID()}` };
      const [ownerA, ownerB] = [randomUUID(), randomUUID()];
      const write = (owner: string, op: UniquenessChange['op']) =>
        store.append({
          streams: [
            { stream: freshStream(empresaId), events: [event({ owner, op })], expectedRevision: 'no_stream' },
          ],
          uniqueness: [{ op, key, owner }],
        });
      expect((await write(ownerA, 'claim')).written).toBe(true);
      // The holder claiming again (an update keeping its SKU) is no conflict.
      expect((await write(ownerA, 'claim')).written).toBe(true);
      const refused = await write(ownerB, 'claim').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(UniquenessConflictError);
      expect((refused as UniquenessConflictError).scopes).toEqual(['produto_sku']);
      expect((await write(ownerA, 'release')).written).toBe(true);
      expect((await write(ownerB, 'claim')).written).toBe(true);
      await expect(write(ownerA, 'claim')).rejects.toBeInstanceOf(UniquenessConflictError);
    });

    it('gives a key to exactly one of several concurrent claimants, and writes only its events', async () => {
      const empresaId = randomUUID();
      const key = { scope: 'fornecedor_documento' as const, empresaId, value: randomUUID() };
      const streams = Array.from({ length: 5 }, () => freshStream(empresaId));
      const settled = await Promise.allSettled(
        streams.map((stream) =>
          store.append({
            streams: [{ stream, events: [event({})], expectedRevision: 'no_stream' }],
            uniqueness: [{ op: 'claim', key, owner: randomUUID() }],
          }),
        ),
      );
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      for (const s of settled)
        if (s.status === 'rejected') expect(s.reason).toBeInstanceOf(UniquenessConflictError);
      const lengths = await Promise.all(streams.map(async (s) => (await store.readStream(s)).length));
      expect(lengths.sort()).toEqual([0, 0, 0, 0, 1]);
    });

    it('loads streams with the snapshot of the kind asked and the events after it', async () => {
      const [a, b, empty] = [freshStream(), freshStream(), freshStream()];
      const events = [event({ n: 1 }), event({ n: 2 }), event({ n: 3 })];
      await store.append({
        streams: [{ stream: a, events: events.slice(0, 2), expectedRevision: 'no_stream' }],
        rows: [
          {
            kind: 'snapshot',
            snapshot: 'stock',
            eventId: events[1]!.id,
            stream: a,
            empresaId: companyOf(a),
            revision: 1,
            data: { sum: 3 },
          },
        ],
      });
      await store.append({ streams: [{ stream: a, events: [events[2]!], expectedRevision: 1 }] });
      await store.append({
        streams: [{ stream: b, events: [event({ n: 9 })], expectedRevision: 'no_stream' }],
      });

      const loaded = await store.loadStreams([
        { stream: a, snapshot: 'stock' },
        { stream: b, snapshot: 'stock' },
        { stream: a, snapshot: 'catalog' },
        { stream: empty, snapshot: 'stock' },
        { stream: a },
      ]);
      expect(loaded.map((l) => [l.stream, l.snapshot, l.events.map((e) => e.revision)])).toEqual([
        [a, { revision: 1, data: { sum: 3 } }, [2]],
        [b, null, [0]],
        [a, null, [0, 1, 2]],
        [empty, null, []],
        [a, null, [0, 1, 2]],
      ]);
      const [read] = await store.readStream(a, { fromRevision: 2 });
      expect(loaded[0]!.events[0]).toEqual(read);
    });

    it('writes no row of a write that was not written, and tells when rows are current', async () => {
      const stream = freshStream();
      await store.append({ streams: [{ stream, events: [event({})], expectedRevision: 'no_stream' }] });
      const snapshotted = event({});
      const outcome = await store.append({
        streams: [{ stream, events: [snapshotted], expectedRevision: 'no_stream' }],
        rows: [
          {
            kind: 'snapshot',
            snapshot: 'stock',
            eventId: snapshotted.id,
            stream,
            empresaId: companyOf(stream),
            revision: 0,
            data: { never: true },
          },
        ],
      });
      expect(outcome.written).toBe(false);
      await store.writeSideRowsCurrent();
      const [loaded] = await store.loadStreams([{ stream, snapshot: 'stock' }]);
      expect(loaded!.snapshot).toBeNull();
    });
  });
}

function freshStream(empresaId = randomUUID()): string {
  return streamName('contract', empresaId, randomUUID());
}

const companyOf = (stream: string) => stream.split('-').slice(1, 6).join('-');

function event(data: Record<string, unknown>): EventToAppend {
  return { id: randomUUID(), type: 'Tested.v1', data };
}

const sortById = <T extends { id: string }>(refs: T[]) => [...refs].sort((x, y) => x.id.localeCompare(y.id));
