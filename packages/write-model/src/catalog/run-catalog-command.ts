import type { Pool } from '@factory/database';
import type { StockError } from '@factory/domain';
import {
  DuplicateEventIdsError,
  type EventShape,
  type ProjectedRow,
  type UniquenessChange,
} from '@factory/event-store';
import type { Decider, SnapshotCodec } from '../decider.js';
import { handleCommand } from '../handle-command.js';
import { type AppendedEvent, streamCommand } from '../stream-command.js';
import { metadataOf, type WriteContext } from '../write-context.js';
import type { WriteRefusal } from '../write-refusal.js';
import type { CatalogDeps } from './catalog-deps.js';
import { KEY_REUSED } from './catalog-outcome.js';
import type { CommandIds } from './command-ids.js';
import { isUnchanged, observeDecider } from './observed-decider.js';
import { fenceAppend } from './relations-fence.js';

export type Db = Pool;

/** One catalog command: how to find its record and facts, decide, and what rows it writes. */
export interface CatalogCommandSpec<S, C, E extends EventShape> {
  decider: Decider<S, C, E, StockError>;
  snapshots: SnapshotCodec<S>;
  stream(id: string): string;
  /** The record's id (found by its key, or minted) and the command with the facts from outside its stream. */
  resolve(db: Db, id: string | null): Promise<{ id: string; command: C }>;
  /** The write-side rows of the appended events (data). */
  rows(events: AppendedEvent<E>[]): ProjectedRow[];
  /** The unique keys (SKU, alias, tax id) the events claim and release. */
  keys?(events: E[], decidedOn: S): UniquenessChange[];
  /** The decision reads relations between records: it goes through the company's fence. */
  relational?: boolean;
}

export type CatalogRun<S, E> =
  | { ok: true; id: string; kind: 'appended'; events: E[]; position: number }
  | { ok: true; id: string; kind: 'unchanged'; state: S }
  | { ok: false; error: WriteRefusal };

/**
 * Runs one catalog command through the command handler, its facts read afresh each attempt:
 * 1. Read the company's fence revision when the decision reads relations (relations-fence.ts),
 *    then resolve the record's id and the facts the decider needs (write-side rows, brought up
 *    to the log first; never read models).
 * 2. Decide and append, with the rows, the unique keys claimed and released, and the fence's
 *    event, atomically.
 * 3. Another writer got there first (the record's stream or the fence moved, a key it claims was
 *    taken: two batches creating one SKU, an alias claimed meanwhile): the handler goes back to 1
 *    after a jittered wait, so the decider sees the winner and updates it or refuses cleanly,
 *    until the contention deadline.
 * Relational writes of one company queue in this process (`deps.relations`): they would only
 * move the fence under each other. Across processes the handler's retries settle the race.
 */
export function runCatalogCommand<S, C, E extends EventShape>(
  deps: CatalogDeps,
  context: WriteContext,
  ids: CommandIds,
  spec: CatalogCommandSpec<S, C, E>,
): Promise<CatalogRun<S, E>> {
  const run = () => decideAndAppend(deps, context, ids, spec);
  return spec.relational ? deps.relations.run([context.empresaId], run) : run();
}

async function decideAndAppend<S, C, E extends EventShape>(
  deps: CatalogDeps,
  context: WriteContext,
  ids: CommandIds,
  spec: CatalogCommandSpec<S, C, E>,
): Promise<CatalogRun<S, E>> {
  const observed = observeDecider<S, C, E, StockError>(spec.decider);
  let id = '';
  try {
    const result = await handleCommand(
      deps.store,
      streamCommand(
        deps.handler(observed.decider, spec.snapshots),
        async () => {
          // 1.
          const fence = spec.relational ? await deps.fences.revision(context.empresaId) : null;
          await deps.store.writeSideRowsCurrent();
          const resolved = await spec.resolve(deps.pool, null);
          id = resolved.id;
          const stream = spec.stream(id);
          return {
            stream,
            command: resolved.command,
            alongside:
              fence === null
                ? []
                : [
                    fenceAppend(
                      context.empresaId,
                      fence,
                      { id: ids.minted('relacoes'), metadata: metadataOf(context), created: context.now },
                      { comando: typeOf(resolved.command), stream },
                    ),
                  ],
          };
        },
        // 2.
        {
          eventId: ids.eventId,
          metadata: metadataOf(context),
          created: context.now,
          rows: (events) => spec.rows(events),
          uniqueness: (events, decidedOn) => spec.keys?.(events, decidedOn) ?? [],
        },
      ),
      deps.contention,
    );
    if (result.kind === 'appended')
      return { ok: true, id, kind: 'appended', events: result.events, position: result.position };
    if (result.kind === 'refused') {
      const { error } = result;
      return isUnchanged<S>(error)
        ? { ok: true, id, kind: 'unchanged', state: error.state }
        : { ok: false, error };
    }
    throw new Error(`catalog command on ${spec.stream(id)}: unexpected ${result.kind}`);
  } catch (error) {
    // The ids are in another stream: this key already named another write.
    if (error instanceof DuplicateEventIdsError) return { ok: false, error: KEY_REUSED };
    throw error;
  }
}

const typeOf = (command: unknown): string => String((command as { type?: unknown }).type ?? 'comando');
