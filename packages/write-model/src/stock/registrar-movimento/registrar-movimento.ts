import type { DecimalInput, Origem, RegistrarMovimento } from '@factory/domain';
import { eventIdsFor } from '../../event-ids.js';
import { isUuid } from '../../uuid.js';
import { isoInstant, type WriteContext } from '../../write-context.js';
import type { MovementOutcome, MovementWriteOptions } from '../movement-outcome.js';
import type { StockDeps } from '../stock-deps.js';
import { stockStream } from '../stock-stream.js';

/** The request body's fields, as the decider checks them (`tipo` as sent). */
export interface RegistrarMovimentoInput {
  insumo_id: string;
  local_id: string;
  tipo: string;
  quantidade: DecimalInput;
  unidade?: string | null;
  custo_unitario?: DecimalInput | null;
  /** Internal origins only (an invoice's cost with its taxes); the decider refuses it otherwise. */
  custo_unitario_bruto?: DecimalInput | null;
  referencia?: string | null;
  motivo?: string | null;
  /** `api` unless an internal process registers it. */
  origem?: Origem;
}

/**
 * Registers an ordinary movement: an active location of the company (the domain leaves that
 * to the caller; checked in the query that loads the item), then the decider.
 */
export function registrarMovimento(
  deps: StockDeps,
  context: WriteContext,
  input: RegistrarMovimentoInput,
  options: MovementWriteOptions = {},
): Promise<MovementOutcome> {
  const eventId = eventIdsFor(context);
  const command: RegistrarMovimento = {
    type: 'RegistrarMovimento',
    data: {
      ...input,
      movimento_id: eventId(0),
      origem: input.origem ?? 'api',
      criado_em: isoInstant(context.now),
    },
  };
  return deps.movements.submit({
    context,
    command,
    // An item id that is no uuid names no stream: the decider then refuses the item.
    stream: isUuid(input.insumo_id) ? stockStream(context.empresaId, input.insumo_id) : null,
    localId: input.local_id,
    eventId,
    answer: options.answer,
  });
}
