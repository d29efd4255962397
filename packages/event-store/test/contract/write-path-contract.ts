import { randomUUID } from 'node:crypto';
import type { Pool } from '@factory/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UniquenessConflictError } from '../../src/errors.js';
import type { EventStore, EventToAppend } from '../../src/event-store.js';
import { streamName } from '../../src/stream-name.js';
import { type InlineProjection, projected, type UniquenessChange } from '../../src/write-side.js';

// The contract's own inline projections (the port knows no table of ours): one whose rows ride
// in the append and record where their event landed, one whose rows go in one by one, in order.
interface Landed {
  eventId: string;
  note: string;
}
const landed: InlineProjection<Landed> = {
  name: 'contract_landed',
  write: (rows) => ({
    text: `INSERT INTO contract_landed (event_id, stream, revision, position, note)
           SELECT a.event_id, a.stream_id, a.stream_revision, a.position, x.note
             FROM unnest($1::uuid[], $2::text[]) AS x(event_id, note)
             JOIN appended AS a ON a.event_id = x.event_id
           ON CONFLICT (event_id) DO NOTHING`,
    values: [rows.map((r) => r.eventId), rows.map((r) => r.note)],
  }),
  rowsOf: (event) => {
    const note = (event.data as { landed?: string }).landed;
    return note === undefined ? [] : [{ eventId: event.id, note }];
  },
};
interface Setting {
  record: string;
  value: string;
}
const settings: InlineProjection<Setting> = {
  name: 'contract_settings',
  order: 'log',
  write: ([row]) => ({
    text: `INSERT INTO contract_settings (record, value) VALUES ($1, $2)
           ON CONFLICT (record) DO UPDATE SET value = EXCLUDED.value`,
    values: [row!.record, row!.value],
  }),
  rowsOf: (event) => (event.data as { settings?: Setting[] }).settings ?? [],
};
const CONTRACT_TABLES = `
  CREATE TABLE IF NOT EXISTS contract_landed (
    event_id uuid PRIMARY KEY, stream text NOT NULL, revision bigint NOT NULL, position bigint NOT NULL, note text NOT NULL);
  CREATE TABLE IF NOT EXISTS contract_settings (record text PRIMARY KEY, value text NOT NULL);`;

/**
 * What every adapter owes the write path (issue 9): loading streams with their snapshots, one
 * atomic append over several streams with its projections' rows, uniqueness claims, guards and
 * snapshots. Run by each adapter's `*.int.test.ts` beside runEventStoreContract; fresh streams
 * and companies per test. `makeStore` opens the store with the projections given (the catch-up's,
 * where rows come after the commit); `pool` is where their tables live.
 */
export function runWritePathContract(
  name: string,
  makeStore: (projections: readonly InlineProjection[]) => Promise<EventStore>,
  pool: () => Pool,
): void {
  describe(name, () => {
    let store: EventStore;
    beforeAll(async () => {
      await pool().query(CONTRACT_TABLES);
      store = await makeStore([landed, settings] as InlineProjection[]);
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

    it('stops on a guard that finds rows, and says what broke it; a guard without rows lets it through', async () => {
      const stream = freshStream();
      const broken = randomUUID();
      // A guard is a query whose rows break it: here, the values given that are not ours.
      const guard = (values: string[]) => ({
        text: 'SELECT v AS broken FROM unnest($1::text[]) AS v WHERE v <> $2',
        values: [values, 'ours'],
      });
      const outcome = await store.append({
        streams: [{ stream, events: [event({})], expectedRevision: 'no_stream' }],
        checks: [guard(['ours']), guard(['ours', broken])],
      });
      expect(outcome).toMatchObject({ written: false, failedChecks: [[], [broken]] });
      expect(await store.readStream(stream)).toEqual([]);
      const passed = await store.append({
        streams: [{ stream, events: [event({})], expectedRevision: 'no_stream' }],
        checks: [guard(['ours'])],
      });
      expect(passed.written).toBe(true);
    });

    it("writes its projections' rows with the events, where each event landed", async () => {
      const [a, b] = [freshStream(), freshStream()];
      const events = [event({ landed: 'one' }), event({ landed: 'two' })];
      const outcome = await store.append({
        streams: [
          { stream: a, events: [events[0]!], expectedRevision: 'no_stream' },
          { stream: b, events: [events[1]!], expectedRevision: 'no_stream' },
        ],
        rows: events.map((e) =>
          projected(landed, { eventId: e.id, note: (e.data as { landed: string }).landed }),
        ),
      });
      expect(outcome.written).toBe(true);
      if (!outcome.written) return;
      await store.writeSideRowsCurrent();
      const { rows } = await pool().query(
        'SELECT event_id, stream, revision, position, note FROM contract_landed WHERE event_id = ANY($1::uuid[]) ORDER BY note',
        [events.map((e) => e.id)],
      );
      expect(rows.map((r) => [r.event_id, r.stream, Number(r.revision), Number(r.position), r.note])).toEqual(
        outcome.events.map((e, i) => [e.id, e.stream, e.revision, e.position, ['one', 'two'][i]]),
      );
    });

    it('writes the rows of a projection of order log one by one, in the order given', async () => {
      const record = randomUUID();
      const steps = [
        { record, value: 'first' },
        { record, value: 'second' },
      ];
      const outcome = await store.append({
        streams: [
          { stream: freshStream(), events: [event({ settings: steps })], expectedRevision: 'no_stream' },
        ],
        rows: steps.map((step) => projected(settings, step)),
      });
      expect(outcome.written).toBe(true);
      await store.writeSideRowsCurrent();
      const { rows } = await pool().query('SELECT value FROM contract_settings WHERE record = $1', [record]);
      expect(rows).toEqual([{ value: 'second' }]);
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
        snapshots: [{ kind: 'stock', eventId: events[1]!.id, stream: a, revision: 1, data: { sum: 3 } }],
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
      const record = randomUUID();
      const outcome = await store.append({
        streams: [{ stream, events: [snapshotted], expectedRevision: 'no_stream' }],
        rows: [
          projected(landed, { eventId: snapshotted.id, note: 'never' }),
          projected(settings, { record, value: 'never' }),
        ],
        snapshots: [{ kind: 'stock', eventId: snapshotted.id, stream, revision: 0, data: { never: true } }],
      });
      expect(outcome.written).toBe(false);
      await store.writeSideRowsCurrent();
      const [loaded] = await store.loadStreams([{ stream, snapshot: 'stock' }]);
      expect(loaded!.snapshot).toBeNull();
      const { rows } = await pool().query(
        `SELECT 1 FROM contract_landed WHERE event_id = $1 UNION ALL SELECT 1 FROM contract_settings WHERE record = $2`,
        [snapshotted.id, record],
      );
      expect(rows).toEqual([]);
    });
  });
}

function freshStream(empresaId = randomUUID()): string {
  return streamName('contract', empresaId, randomUUID());
}

function event(data: Record<string, unknown>): EventToAppend {
  return { id: randomUUID(), type: 'Tested.v1', data };
}

const sortById = <T extends { id: string }>(refs: T[]) => [...refs].sort((x, y) => x.id.localeCompare(y.id));
