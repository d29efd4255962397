import type { Pool } from '@factory/database';
import {
  type ItemDoPlanoInput,
  type PlanoEvent,
  planoDecider,
  type StockError,
  type SubstituirPlano,
} from '@factory/domain';
import type { EventStore } from '@factory/event-store';
import { eventIdsFor } from '../../event-ids.js';
import { type HandleOptions, handleCommand } from '../../handle-command.js';
import { streamCommand } from '../../stream-command.js';
import { isUuid } from '../../uuid.js';
import { isoInstant, metadataOf, type WriteContext } from '../../write-context.js';
import { planFacts } from '../plan-facts.js';
import { planStream } from '../plan-stream.js';

export type SubstituirPlanoOutcome =
  | { ok: true; plano: PlanoEvent['data']; position: number }
  | { ok: false; error: StockError };

/** Replaces the plan of `dia` (a real date, checked by the caller) with `itens`. */
export async function substituirPlano(
  deps: { pool: Pool; store: EventStore; contention: HandleOptions },
  context: WriteContext,
  dia: string,
  itens: readonly ItemDoPlanoInput[],
): Promise<SubstituirPlanoOutcome> {
  const lines = itens.map(lowerCaseIds);
  const result = await handleCommand(
    deps.store,
    streamCommand(
      // A plan stream holds one event per replacement of one day: folding it is cheap, no snapshots.
      { store: deps.store, decider: planoDecider },
      // The facts are write-side rows, read again after a lost race.
      async () => {
        await deps.store.writeSideRowsCurrent();
        const command: SubstituirPlano = {
          type: 'SubstituirPlano',
          data: { dia, itens: lines, agora: isoInstant(context.now) },
          context: await planFacts(deps.pool, context.empresaId, lines),
        };
        return { stream: planStream(context.empresaId, dia), command };
      },
      { eventId: eventIdsFor(context), metadata: metadataOf(context), created: context.now },
    ),
    deps.contention,
  );
  switch (result.kind) {
    case 'appended':
      return { ok: true, plano: result.events[0]!.data, position: result.position };
    case 'refused':
      return { ok: false, error: result.error };
    case 'already_applied':
      throw new Error('a plan replacement is never already applied');
  }
}

// Ids are compared as stored (lower case); a client may send a uuid in upper case.
const lowerCaseIds = (item: ItemDoPlanoInput): ItemDoPlanoInput => {
  const lower = (id: unknown) => (typeof id === 'string' && isUuid(id) ? id.toLowerCase() : id);
  return { ...item, produto_id: lower(item.produto_id), local_id: lower(item.local_id) };
};
