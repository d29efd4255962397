import {
  type EstornarMovimento,
  type RegistrarMovimento,
  type StockCommand,
  stockDecider,
} from '@factory/domain';
import { DuplicateEventIdsError } from '@factory/event-store';
import { handleCommand } from '../handle-command.js';
import { metadataOf, type WriteContext } from '../write-context.js';
import { indexMovements } from './movement-index.js';
import { type MovementOutcome, type RecordedMovement, refused } from './movement-outcome.js';
import { readRecordedMovement } from './read-recorded-movement.js';
import type { StockDeps } from './stock-deps.js';
import { stockStream } from './stock-stream.js';

/**
 * Runs a movement command (register or reverse) on its item's stream: the movement's id is
 * its event's id, indexed in the append's transaction; a command whose movement is already
 * in the stream answers with the recorded movement.
 */
export async function runMovementCommand(
  deps: StockDeps,
  context: WriteContext,
  command: RegistrarMovimento | EstornarMovimento,
  eventId: (index: number) => string,
): Promise<MovementOutcome> {
  const { insumo_id: insumoId, movimento_id: movimentoId } = command.data;
  try {
    const result = await handleCommand(
      deps.handler<StockCommand>(stockDecider),
      stockStream(context.empresaId, insumoId),
      command,
      {
        eventId,
        metadata: metadataOf(context),
        created: context.now,
        alreadyApplied: (state) => state.movements.has(movimentoId),
        inTransaction: (client, events) => indexMovements(client, context.empresaId, insumoId, events),
      },
    );
    switch (result.kind) {
      case 'appended': {
        const [event] = result.events;
        if (event?.type === 'InsumoDefinido.v1' || event === undefined)
          throw new Error(`a movement command appended ${event?.type ?? 'nothing'}`);
        return {
          ok: true,
          movimento: event.data as RecordedMovement,
          position: result.position,
          replayed: false,
        };
      }
      case 'already_applied':
        return readRecordedMovement(deps, context.empresaId, movimentoId);
      case 'refused':
        return refused(result.error);
    }
  } catch (error) {
    // The ids are in another stream: this key already named a write on another item.
    if (error instanceof DuplicateEventIdsError)
      return refused({ kind: 'key_reused', mensagem: 'Idempotency-Key já usada em outra escrita.' });
    throw error;
  }
}
