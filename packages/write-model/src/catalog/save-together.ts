import type { StockError } from '@factory/domain';
import type { AppendRequest, EventShape, ProjectedRow, UniquenessChange } from '@factory/event-store';
import type { Decider, SnapshotCodec } from '../decider.js';
import { handleCommand } from '../handle-command.js';
import { type LoadedStream, loadStreamsOf } from '../load-stream.js';
import { type AppendedEvent, snapshotWrites } from '../stream-command.js';
import { metadataOf } from '../write-context.js';
import type { CatalogWriteContext } from './catalog-context.js';
import type { CatalogDeps } from './catalog-deps.js';
import type { SaveOutcome } from './catalog-outcome.js';
import { type CommandIds, commandIds } from './command-ids.js';

export interface TogetherItem {
  context: CatalogWriteContext;
  item: Readonly<Record<string, unknown>>;
}

/** An item's record (found by its key, or minted) and its command, facts included. */
export interface TogetherTarget<C> {
  id: string;
  stream: string;
  command: C;
}

/** What one kind of upsert (products, supply items, suppliers) gives to go together. */
export interface TogetherSpec<S, C, E extends EventShape> {
  decider: Decider<S, C, E, StockError>;
  snapshots: SnapshotCodec<S>;
  /** The command ids' part when the context names none (the command's type). */
  part: string;
  /**
   * Every item's target, in the order given, from one read of their facts; null when one item's
   * decision reads a record another item writes (the items then run alone, in body order).
   */
  targets(
    empresaId: string,
    items: ReadonlyArray<TogetherItem & { ids: CommandIds }>,
  ): Promise<TogetherTarget<C>[] | null>;
  /** The rows of every appending item's events, one set per table; null when they cannot be one set. */
  rows(empresaId: string, events: ReadonlyArray<readonly AppendedEvent<E>[]>): ProjectedRow[] | null;
  /** The unique keys an item's events claim and release, from the state they were decided on. */
  keys(empresaId: string, events: E[], decidedOn: S): UniquenessChange[];
}

/**
 * Items of one batch that read nothing another item writes (the batch's lanes vouch for that,
 * `spec.targets` for what only their facts tell), decided together and written as one append:
 * one read of their records and keys, one of their streams, the pure decisions, then one append
 * with every event, its rows (one set per table), keys and snapshots. Per item its outcome; every
 * item null when the one append did not happen (a stream moved, a key claimed meanwhile, ids
 * already in the log: a retried request, or a key reused), or could not, or there is only one:
 * nothing was written then, and the items run alone, each in its own command handler that
 * settles races and retries.
 */
export async function saveTogether<S, C, E extends EventShape>(
  deps: CatalogDeps,
  items: readonly TogetherItem[],
  spec: TogetherSpec<S, C, E>,
): Promise<Array<SaveOutcome | null>> {
  const outcomes = items.length > 1 ? await appendTogether(deps, items, spec) : null;
  return items.map((_, n) => outcomes?.[n] ?? null);
}

async function appendTogether<S, C, E extends EventShape>(
  deps: CatalogDeps,
  items: readonly TogetherItem[],
  spec: TogetherSpec<S, C, E>,
): Promise<SaveOutcome[] | null> {
  const { empresaId } = items[0]!.context;
  if (items.some(({ context }) => context.empresaId !== empresaId)) return null;
  await deps.store.writeSideRowsCurrent();
  const withIds = items.map((item) => ({
    ...item,
    ids: commandIds(item.context, item.context.part ?? spec.part),
  }));
  const found = await spec.targets(empresaId, withIds);
  if (found === null) return null;
  const targets = found.map((target, n) => ({ ...target, ...withIds[n]! }));
  // Two items naming one record: the second must see the first's write, so they run alone.
  if (new Set(targets.map((t) => t.stream)).size !== targets.length) return null;
  const loaded = await loadStreamsOf(
    deps.store,
    spec.snapshots,
    spec.decider,
    targets.map((t) => t.stream),
  );
  const decided = targets.map((target, n) => {
    const from = loaded[n]!;
    const decision = spec.decider.decide(target.command, from.state);
    if (!decision.ok) return { target, outcome: { ok: false, error: decision.error } as const };
    const first = from.revision === 'no_stream' ? 0 : from.revision + 1;
    const events = decision.events.map((event, i) => ({
      ...event,
      id: target.ids.eventId(i),
      revision: first + i,
    }));
    const state = events.reduce((s, event) => spec.decider.evolve(s, event), from.state);
    return { target, from, events, state, outcome: null };
  });
  const appending = decided.flatMap((d) => (d.outcome === null && d.events.length > 0 ? [d] : []));
  const outcomesAt = (positions: ReadonlyMap<string, number>) =>
    decided.map(({ target, outcome, ...d }): SaveOutcome => {
      if (outcome !== null) return outcome;
      const last = d.events?.at(-1);
      return { ok: true, id: target.id, position: last === undefined ? null : positions.get(last.id)! };
    });
  if (appending.length === 0) return outcomesAt(new Map());
  const rows = spec.rows(
    empresaId,
    appending.map((d) => d.events),
  );
  if (rows === null) return null;
  const uniqueness = appending.flatMap((d) => spec.keys(empresaId, d.events, d.from.state));
  // Two claims of one key in one append would fail its insert, not its guard: they run alone.
  const claimed = uniqueness.filter((c) => c.op === 'claim').map((c) => `${c.key.scope}/${c.key.value}`);
  if (new Set(claimed).size !== claimed.length) return null;
  const handler = deps.handler(spec.decider, spec.snapshots);
  const request: AppendRequest = {
    streams: appending.map(({ target: { context, stream }, from, events }) => ({
      stream,
      expectedRevision: from.revision,
      events: events.map(({ revision: _, ...event }) => ({
        ...event,
        metadata: metadataOf(context),
        created: context.now,
      })),
    })),
    rows,
    uniqueness,
    snapshots: appending.flatMap((d: Appending<S, E>) =>
      snapshotWrites(handler, d.target.stream, d.from, d.events, d.state),
    ),
  };
  // Through the one command handler, for a single attempt: whatever keeps the append from writing
  // answers null, and the items then run alone, each in its own handleCommand that settles the race.
  return handleCommand<SaveOutcome[] | null>(deps.store, {
    decide: async () => ({
      request,
      written: (outcome) => outcomesAt(new Map(outcome.events.map((e) => [e.id, e.position]))),
      refused: () => ({ answer: null }),
      claimLost: () => ({ answer: null }),
    }),
  });
}

interface Appending<S, E> {
  target: { stream: string };
  from: LoadedStream<S>;
  events: AppendedEvent<E>[];
  state: S;
}
