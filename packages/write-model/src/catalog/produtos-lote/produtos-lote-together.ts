import {
  type ProdutoEvent,
  type ProdutoItem,
  type ProdutoState,
  produtoDecider,
  type SalvarProduto,
} from '@factory/domain';
import type { AppendRequest } from '@factory/event-store';
import { handleCommand } from '../../handle-command.js';
import { type LoadedStream, loadStreamsOf } from '../../load-stream.js';
import { type AppendedEvent, snapshotWrites } from '../../stream-command.js';
import { isoInstant, metadataOf } from '../../write-context.js';
import type { CatalogWriteContext } from '../catalog-context.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { SaveOutcome } from '../catalog-outcome.js';
import { productStream } from '../catalog-streams.js';
import { commandIds } from '../command-ids.js';
import { productsSaveFacts } from '../product-lookups.js';
import { productKeys, productRowsTogether } from '../product-rows.js';

export interface TogetherItem {
  context: CatalogWriteContext;
  item: Readonly<Record<string, unknown>>;
}

/**
 * Product items of one batch that read nothing another item writes (the batch's lanes vouch for
 * that), decided together and written as one append: one read of their records and keys
 * (`productsSaveFacts`), one of their streams, the pure decisions, then one append with every
 * event, its rows (one set per table) and keys. Per item its outcome, or null where it runs alone
 * (`produtosLoteItem`, whose command handler settles races and retries):
 * - an item sending `variacao` (decided behind the company's relations fence);
 * - every item when the one append did not happen: a stream moved, a key claimed meanwhile, ids
 *   already in the log (a retried request, or a key reused). Nothing was written then.
 */
export async function produtosLoteTogether(
  deps: CatalogDeps,
  items: readonly TogetherItem[],
): Promise<Array<SaveOutcome | null>> {
  const plain = items.filter(({ item }) => !Object.hasOwn(item, 'variacao'));
  const outcomes = plain.length > 1 ? await appendTogether(deps, plain) : null;
  return items.map((item) => {
    const n = plain.indexOf(item);
    return n < 0 || outcomes === null ? null : outcomes[n]!;
  });
}

async function appendTogether(
  deps: CatalogDeps,
  items: readonly TogetherItem[],
): Promise<SaveOutcome[] | null> {
  const { empresaId } = items[0]!.context;
  if (items.some(({ context }) => context.empresaId !== empresaId)) return null;
  await deps.store.writeSideRowsCurrent();
  const facts = await productsSaveFacts(
    deps.pool,
    empresaId,
    items.map(({ item }) => ({ item: item as ProdutoItem, id: null })),
  );
  const targets = items.map(({ context, item }, n) => {
    const ids = commandIds(context, context.part ?? 'SalvarProduto');
    const id = facts[n]!.produtoId ?? ids.minted('produto');
    const command: SalvarProduto = {
      type: 'SalvarProduto',
      data: { produto_id: id, item: item as ProdutoItem, agora: isoInstant(context.now) },
      context: { ...facts[n]!.context, canReadCosts: context.canReadCosts },
    };
    return { context, ids, id, stream: productStream(empresaId, id), command };
  });
  // Two items naming one product share its SKU, which the lanes keep apart: never here.
  if (new Set(targets.map((t) => t.stream)).size !== targets.length) return null;
  const codec = deps.snapshots.product;
  const loaded = await loadStreamsOf(
    deps.store,
    codec,
    produtoDecider,
    targets.map((t) => t.stream),
  );
  const decided = targets.map((target, n) => {
    const from = loaded[n]!;
    const decision = produtoDecider.decide(target.command, from.state);
    if (!decision.ok) return { target, outcome: { ok: false, error: decision.error } as const };
    const first = from.revision === 'no_stream' ? 0 : from.revision + 1;
    const events = decision.events.map((event, i) => ({
      ...event,
      id: target.ids.eventId(i),
      revision: first + i,
    }));
    const state = events.reduce((s, event) => produtoDecider.evolve(s, event), from.state);
    return { target, from, events, state, outcome: null };
  });
  const appending = decided.flatMap((d) => (d.outcome === null && d.events.length > 0 ? [d] : []));
  // The rows go as one set per table, which takes one change per product.
  if (appending.some((d) => d.events.length > 1)) return null;
  const outcomesAt = (positions: ReadonlyMap<string, number>) =>
    decided.map(({ target, outcome, ...d }): SaveOutcome => {
      if (outcome !== null) return outcome;
      const last = d.events?.at(-1);
      return { ok: true, id: target.id, position: last === undefined ? null : positions.get(last.id)! };
    });
  if (appending.length === 0) return outcomesAt(new Map());
  // Through the one command handler, for a single attempt: whatever keeps the append from writing
  // (a stream moved, a key claimed meanwhile, ids already in the log) answers null, and the items
  // then run alone, each in its own handleCommand that settles the race.
  return handleCommand<SaveOutcome[] | null>(deps.store, {
    decide: async () => ({
      request: appendRequest(deps, empresaId, appending),
      written: (outcome) => outcomesAt(new Map(outcome.events.map((e) => [e.id, e.position]))),
      refused: () => ({ answer: null }),
      claimLost: () => ({ answer: null }),
    }),
  });
}

interface Appending {
  target: { context: CatalogWriteContext; stream: string };
  from: LoadedStream<ProdutoState>;
  events: AppendedEvent<ProdutoEvent>[];
  state: ProdutoState;
}

function appendRequest(deps: CatalogDeps, empresaId: string, appending: readonly Appending[]): AppendRequest {
  const handler = deps.handler(produtoDecider, deps.snapshots.product);
  return {
    streams: appending.map(({ target: { context, stream }, from, events }) => ({
      stream,
      expectedRevision: from.revision,
      events: events.map(({ revision: _, ...event }) => ({
        ...event,
        metadata: metadataOf(context),
        created: context.now,
      })),
    })),
    rows: productRowsTogether(
      empresaId,
      appending.flatMap((d) => d.events),
    ),
    uniqueness: appending.flatMap((d) => productKeys(empresaId, d.events, d.from.state)),
    snapshots: appending.flatMap((d) => snapshotWrites(handler, d.target.stream, d.from, d.events, d.state)),
  };
}
