import type { Pool, PoolClient } from '@factory/database';
import type { StockError } from '@factory/domain';
import { DuplicateEventIdsError, type EventShape } from '@factory/event-store';
import { backoff } from '../backoff.js';
import type { Decider, SnapshotStore } from '../decider.js';
import { type AppendedEvent, handleCommand } from '../handle-command.js';
import { metadataOf, type WriteContext } from '../write-context.js';
import type { WriteRefusal } from '../write-refusal.js';
import type { CatalogDeps } from './catalog-deps.js';
import { KEY_REUSED } from './catalog-outcome.js';
import type { CommandIds } from './command-ids.js';
import { lockCompanyCatalog } from './company-lock.js';
import { ContextMoved, IndexConflict, indexing } from './index-conflict.js';
import { isUnchanged, observeDecider } from './observed-decider.js';
import { ownAppend, readRecorded } from './own-append.js';

export type Db = Pool | PoolClient;

/** One catalog command: how to find its record and facts, decide, and index what it appends. */
export interface CatalogCommandSpec<S, C, E extends EventShape> {
  decider: Decider<S, C, E, StockError>;
  snapshots: SnapshotStore<S>;
  stream(id: string): string;
  /**
   * The record's id (found by its key, or minted) and the command with the facts from outside
   * its stream, read from `db`. With `id` given (the re-check under the lock), only the facts.
   */
  resolve(db: Db, id: string | null): Promise<{ id: string; command: C }>;
  /** Writes the write-side index rows of the appended events, in the append's transaction. */
  index(client: PoolClient, events: AppendedEvent<E>[]): Promise<void>;
  /** True when the decision reads relations between records: re-decided under the company lock. */
  relational?(command: C): boolean;
}

export type CatalogRun<S, E> =
  | { ok: true; id: string; kind: 'appended'; events: E[]; position: number }
  | { ok: true; id: string; kind: 'unchanged'; state: S }
  | { ok: false; error: WriteRefusal };

const MAX_ATTEMPTS = 10;

/**
 * Runs one catalog command:
 * 1. Resolve the record's id and the facts the decider needs (index tables, never read models).
 * 2. Decide and append through handleCommand, which retries revision conflicts on the stream.
 * 3. In the append's transaction: with an Idempotency-Key, make sure this transaction wrote the
 *    events (a twin attempt may have); for relational commands, take the company lock, read the
 *    facts again and decide again: a different decision means another writer moved them.
 * 4. Write the index rows. A unique violation there (two batches creating one SKU, an alias
 *    taken meanwhile) or moved facts roll everything back: go back to 1, so the decider sees
 *    the winner and updates it or refuses cleanly.
 */
export async function runCatalogCommand<S, C, E extends EventShape>(
  deps: CatalogDeps,
  context: WriteContext,
  ids: CommandIds,
  spec: CatalogCommandSpec<S, C, E>,
): Promise<CatalogRun<S, E>> {
  for (let attempt = 1; ; attempt++) {
    // 1.
    const { id, command } = await spec.resolve(deps.pool, null);
    const stream = spec.stream(id);
    const observed = observeDecider<S, C, E, StockError>(spec.decider);
    try {
      // 2.
      const result = await handleCommand(deps.handler(observed.decider, spec.snapshots), stream, command, {
        eventId: ids.eventId,
        metadata: metadataOf(context),
        created: context.now,
        inTransaction: async (client, events) => {
          // 3.
          if (context.idempotencyKey !== null) await ownAppend(client, events);
          if (spec.relational?.(command)) {
            await lockCompanyCatalog(client, context.empresaId);
            const fresh = await spec.resolve(client, id);
            const again = spec.decider.decide(fresh.command, observed.decidedOn());
            if (!again.ok || !sameEvents(again.events, events)) throw new ContextMoved();
          }
          // 4.
          await indexing(() => spec.index(client, events));
        },
      });
      if (result.kind === 'appended')
        return { ok: true, id, kind: 'appended', events: result.events, position: result.position };
      if (result.kind === 'refused') {
        const { error } = result;
        return isUnchanged<S>(error)
          ? { ok: true, id, kind: 'unchanged', state: error.state }
          : { ok: false, error };
      }
      throw new Error(`catalog command on ${stream}: unexpected ${result.kind}`);
    } catch (error) {
      const recorded = await readRecorded<E>(deps.pool, stream, error);
      if (recorded !== null) return { ok: true, id, kind: 'appended', ...recorded };
      // The ids are in another stream: this key already named another write.
      if (error instanceof DuplicateEventIdsError) return { ok: false, error: KEY_REUSED };
      if (!(error instanceof IndexConflict || error instanceof ContextMoved) || attempt >= MAX_ATTEMPTS)
        throw error;
      await backoff(attempt);
    }
  }
}

function sameEvents(decided: readonly EventShape[], appended: readonly EventShape[]): boolean {
  return (
    decided.length === appended.length &&
    decided.every(
      (event, i) =>
        event.type === appended[i]!.type && JSON.stringify(event.data) === JSON.stringify(appended[i]!.data),
    )
  );
}
