import { randomUUID } from 'node:crypto';
import { ContentionDeadlineError, isDatabaseUnavailable } from '@factory/database';
import {
  createPostgresEventStore,
  type EventShape,
  type EventStore,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamToLoad,
} from '@factory/event-store';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import type { Decider, SnapshotCodec } from './decider.js';
import { eventIdsFor } from './event-ids.js';
import { type ContentionObserver, handleCommand } from './handle-command.js';
import { movementIndexRow } from './stock/movement-index.js';
import { type CommandHandlerDeps, type CommandOptions, streamCommand } from './stream-command.js';

// A counter stream: the smallest decider that still refuses something.
type Added = { type: 'Somado.v1'; data: { valor: number; total: number } };
type Add = { valor: number };
const counter: Decider<{ total: number }, Add, Added, string> = {
  decide: (command, state) =>
    command.valor === 0
      ? { ok: false, error: 'valor zero' }
      : {
          ok: true,
          events: [{ type: 'Somado.v1', data: { valor: command.valor, total: state.total + command.valor } }],
        },
  evolve: (_state, event) => ({ total: event.data.total }),
  initialState: () => ({ total: 0 }),
};

// Kept as the store keeps any snapshot of kind 'stock' (the stream names a company).
const snapshots: SnapshotCodec<{ total: number }> = {
  kind: 'stock',
  encode: (state) => state,
  decode: (data) => data as { total: number },
};

/**
 * The PostgreSQL store, recording every stream read (a load as 'load', a catch-up by the revision
 * it reads from); `gate` holds a read's answer back.
 */
function observedStore(db: TestDatabase, gate?: () => Promise<void>) {
  const inner = createPostgresEventStore({ pool: db.pool, listen: null });
  const reads: Array<number | 'load'> = [];
  const store: EventStore = {
    ...inner,
    async loadStreams(streams: readonly StreamToLoad[]) {
      reads.push('load');
      const loaded = await inner.loadStreams(streams);
      await gate?.();
      return loaded;
    },
    async readStream<E extends { type: string; data: unknown }>(stream: string, options?: ReadStreamOptions) {
      reads.push(options?.fromRevision ?? 0);
      const events = await inner.readStream<E>(stream, options);
      await gate?.();
      return events as RecordedEvent<E>[];
    },
  };
  return { store, reads };
}

const stream = () => `contador-${randomUUID()}-${randomUUID()}`;
const options = (key: string | null = null) => ({
  eventId: eventIdsFor({ tokenId: 'token', idempotencyKey: key }),
  metadata: {},
  created: new Date('2026-01-01T00:00:00Z'),
});

// A single command on its stream, as the write models run one.
const handle = <S, C, E extends EventShape, Err>(
  deps: CommandHandlerDeps<S, C, E, Err>,
  stream: string,
  command: C,
  options: CommandOptions<S, E>,
) => handleCommand(deps.store, streamCommand(deps, { stream, command }, options));

describeWith(['postgres'], 'handleCommand', () => {
  let db: TestDatabase;
  let deps: (store?: EventStore) => CommandHandlerDeps<{ total: number }, Add, Added, string>;

  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 40 });
    deps = (store) => ({
      store: store ?? createPostgresEventStore({ pool: db.pool, listen: null }),
      decider: counter,
      snapshots,
    });
  });

  it('32 writers of separate handlers on one stream all succeed, by retrying after conflicts', async () => {
    const name = stream();
    const observed = observedStore(db);
    const results = await Promise.all(
      Array.from({ length: 32 }, (_, i) => handle(deps(observed.store), name, { valor: i + 1 }, options())),
    );
    expect(results.every((r) => r.kind === 'appended')).toBe(true);
    const { rows } = await db.pool.query<{ revision: number; total: number }>(
      `SELECT stream_revision AS revision, (data->>'total')::int AS total FROM events WHERE stream_id = $1 ORDER BY 1`,
      [name],
    );
    expect(rows.map((r) => r.revision)).toEqual(Array.from({ length: 32 }, (_, i) => i));
    expect(rows.at(-1)!.total).toBe((32 * 33) / 2);
    expect(observed.reads.length).toBeGreaterThan(32); // catch-up reads after lost races
  });

  it('returns a refusal as a typed result and appends nothing', async () => {
    const name = stream();
    expect(await handle(deps(), name, { valor: 0 }, options())).toEqual({
      kind: 'refused',
      error: 'valor zero',
    });
    expect((await db.pool.query('SELECT 1 FROM events WHERE stream_id = $1', [name])).rowCount).toBe(0);
  });

  it('saves a snapshot every 25 events and then reads only the events after it', async () => {
    const name = stream();
    const observed = observedStore(db);
    for (let i = 0; i < 30; i++) await handle(deps(observed.store), name, { valor: 1 }, options());
    const [loaded] = await observed.store.loadStreams([{ stream: name, snapshot: 'stock' }]);
    expect(loaded!.snapshot).toEqual({ revision: 24, data: { total: 25 } });
    expect(loaded!.events.map((e) => e.revision)).toEqual([25, 26, 27, 28, 29]);
    observed.reads.length = 0;
    const last = await handle(deps(observed.store), name, { valor: 1 }, options());
    expect(observed.reads).toEqual(['load']);
    expect(last.kind === 'appended' && last.state).toEqual({ total: 31 });
  });

  for (const withRows of [false, true])
    it(`recognises its own earlier append when a twin commits right after its read (${withRows ? 'with rows' : 'no rows'})`, async () => {
      const empresaId = randomUUID();
      // A row keyed by the event: written once, by the append that wrote the event.
      const rows = withRows
        ? (events: Array<{ id: string }>) => [
            movementIndexRow({ movimentoId: events[0]!.id, empresaId, insumoId: randomUUID() }),
          ]
        : undefined;
      const key = `twin-${withRows}`;
      const name = stream();
      await handle(deps(), name, { valor: 5 }, options());
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // Only the slow writer's first read is held back, once it has read: the twin must commit
      // after that read, or the slow writer simply sees it (a race this test must not leave open).
      let reads = 0;
      let firstReadDone!: () => void;
      const hasRead = new Promise<void>((resolve) => (firstReadDone = resolve));
      const slow = observedStore(db, () => {
        if (reads++ > 0) return Promise.resolve();
        firstReadDone();
        return held;
      });
      const slowRun = handle(
        deps(slow.store),
        name,
        { valor: 1 },
        { ...options(key), rows, alreadyApplied: (state) => state.total === 6 },
      );
      await hasRead;
      const fast = await handle(deps(), name, { valor: 1 }, { ...options(key), rows });
      release();
      expect(fast.kind).toBe('appended');
      expect((await slowRun).kind).toBe('already_applied');
      // It decided on the stale state and appended; the store's "already there" answer sent it
      // back to catch up (the second read) rather than being taken for its own append.
      expect(slow.reads).toEqual(['load', 1]);
      expect((await db.pool.query('SELECT 1 FROM events WHERE stream_id = $1', [name])).rowCount).toBe(2);
      const indexed = await db.pool.query('SELECT 1 FROM stock_movement_index WHERE empresa_id = $1', [
        empresaId,
      ]);
      expect(indexed.rowCount).toBe(withRows ? 1 : 0);
    });

  it('a target read afresh sees what moved its fence and decides again; the write lands', async () => {
    const name = stream();
    const fence = stream();
    const store = createPostgresEventStore({ pool: db.pool, listen: null });
    const seen: number[] = [];
    let rivals = 3;
    const result = await handleCommand(
      store,
      streamCommand(
        deps(store),
        async () => {
          const read = await store.readStream(fence);
          const revision = read.at(-1)?.revision ?? ('no_stream' as const);
          seen.push(read.length);
          // A rival writer moves the fence after this read, three times: each append loses.
          if (rivals-- > 0)
            await store.append({
              streams: [
                {
                  stream: fence,
                  expectedRevision: revision,
                  events: [{ id: randomUUID(), type: 'Cerca.v1', data: {} }],
                },
              ],
            });
          return {
            stream: name,
            command: { valor: 1 },
            alongside: [
              {
                stream: fence,
                expectedRevision: revision,
                events: [{ id: randomUUID(), type: 'Cerca.v1', data: {} }],
              },
            ],
          };
        },
        options(),
      ),
    );
    expect(result.kind).toBe('appended');
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('gives up at its deadline, not after a count of attempts, as unavailable (503), and says so', async () => {
    const name = stream();
    const store = createPostgresEventStore({ pool: db.pool, listen: null });
    const told: Parameters<ContentionObserver['contended']>[0][] = [];
    // Every attempt, a rival writer appends to the stream between this writer's read and its append.
    const rival = () => handle(deps(store), name, { valor: 1 }, options());
    const losing: EventStore = {
      ...store,
      async loadStreams(streams) {
        const loaded = await store.loadStreams(streams);
        await rival();
        return loaded;
      },
      async readStream(stream, opts) {
        const read = await store.readStream(stream, opts);
        await rival();
        return read as never;
      },
    };
    const error = await handleCommand(
      losing,
      streamCommand(deps(losing), { stream: name, command: { valor: 100 } }, options()),
      { deadlineMs: 300, observer: { contended: (write) => told.push(write) } },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentionDeadlineError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect((error as ContentionDeadlineError).contended).toEqual([name]);
    // However many attempts fit (a busy machine fits fewer), it kept going until the deadline.
    expect((error as ContentionDeadlineError).waitedMs).toBeGreaterThanOrEqual(300);
    expect(told).toEqual([
      expect.objectContaining({ gaveUp: true, attempts: (error as ContentionDeadlineError).attempts }),
    ]);
    const { rows } = await db.pool.query(
      `SELECT 1 FROM events WHERE stream_id = $1 AND data->>'valor' = '100'`,
      [name],
    );
    expect(rows).toEqual([]);
  });
});
