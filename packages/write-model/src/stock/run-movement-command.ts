import {
  type EstornarMovimento,
  type RegistrarMovimento,
  type StockCommand,
  type StockState,
  stockDecider,
} from '@factory/domain';
import { DuplicateEventIdsError } from '@factory/event-store';
import { handleCommand } from '../handle-command.js';
import type { LoadedStream } from '../load-stream.js';
import { metadataOf, type WriteContext } from '../write-context.js';
import { loadStockStream } from './load-stock-stream.js';
import { indexAppendedMovements } from './movement-index.js';
import {
  type MovementOutcome,
  type MovementWriteOptions,
  type RecordedMovement,
  refused,
} from './movement-outcome.js';
import { readRecordedMovement } from './read-recorded-movement.js';
import type { StockDeps } from './stock-deps.js';
import { stockStream } from './stock-stream.js';

/**
 * Runs a movement command (register or reverse) on its item's stream: the movement's id is
 * its event's id, indexed in the append's own statement, with the caller's `alsoWrite`; a
 * command whose movement is already in the stream answers with the recorded movement.
 */
export async function runMovementCommand(
  deps: StockDeps,
  context: WriteContext,
  command: RegistrarMovimento | EstornarMovimento,
  eventId: (index: number) => string,
  options: MovementWriteOptions & { loaded?: LoadedStream<StockState> } = {},
): Promise<MovementOutcome> {
  const { insumo_id: insumoId, movimento_id: movimentoId } = command.data;
  const stream = stockStream(context.empresaId, insumoId);
  try {
    const loaded = options.loaded ?? (await loadStockStream(deps, stream, context.empresaId)).loaded;
    const result = await handleCommand(deps.handler<StockCommand>(stockDecider), stream, command, {
      eventId,
      metadata: metadataOf(context),
      created: context.now,
      loaded,
      alreadyApplied: (state) => state.movements.has(movimentoId),
      writes: (events) => {
        const index = indexAppendedMovements(context.empresaId, insumoId);
        const [event] = events;
        if (!options.alsoWrite || event === undefined || event.type === 'InsumoDefinido.v1') return [index];
        return [index, options.alsoWrite(event.data)];
      },
    });
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
