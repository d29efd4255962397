import type { EstornarMovimento, Origem } from '@factory/domain';
import { eventIdsFor } from '../../event-ids.js';
import { isoInstant, type WriteContext } from '../../write-context.js';
import { findMovement } from '../movement-index.js';
import { type MovementOutcome, type MovementWriteOptions, refused } from '../movement-outcome.js';
import type { StockDeps } from '../stock-deps.js';
import { stockStream } from '../stock-stream.js';

export interface EstornarMovimentoInput {
  /** The movement to reverse. */
  movimento_id: string;
  motivo?: string | null;
  origem?: Origem;
  /**
   * The movement's item, when an internal caller knows it (the seed generator): the index is not
   * read, so the command goes to the group commit at once, in the caller's order. A wrong item is
   * harmless: its stream has no such movement, which the decider refuses as not found.
   */
  insumo_id?: string;
}

/**
 * Reverses a movement. The request names only the movement, so its item comes from the
 * write-side index (never the read models, which lag); another company's movement is not found.
 */
export async function estornarMovimento(
  deps: StockDeps,
  context: WriteContext,
  input: EstornarMovimentoInput,
  options: MovementWriteOptions = {},
): Promise<MovementOutcome> {
  const target =
    input.insumo_id !== undefined
      ? { insumoId: input.insumo_id }
      : await findMovement(deps, context.empresaId, input.movimento_id);
  if (target === null)
    return refused({ kind: 'not_found', campo: 'id', mensagem: 'movimento não encontrado' });
  const eventId = eventIdsFor(context);
  const command: EstornarMovimento = {
    type: 'EstornarMovimento',
    data: {
      movimento_id: eventId(0),
      insumo_id: target.insumoId,
      estornado_id: input.movimento_id,
      motivo: input.motivo ?? null,
      origem: input.origem ?? 'api',
      criado_em: isoInstant(context.now),
    },
  };
  return deps.movements.submit({
    context,
    command,
    stream: stockStream(context.empresaId, target.insumoId),
    localId: null,
    eventId,
    answer: options.answer,
  });
}
