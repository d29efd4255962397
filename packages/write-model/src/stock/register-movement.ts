import type { DecimalInput, Origem, RegistrarMovimento } from '@factory/domain';
import { eventIdsFor } from '../event-ids.js';
import { isUuid } from '../uuid.js';
import { isoInstant, type WriteContext } from '../write-context.js';
import { loadStockStream } from './load-stock-stream.js';
import { isActiveLocation } from './locations.js';
import { type MovementOutcome, type MovementWriteOptions, refused } from './movement-outcome.js';
import { runMovementCommand } from './run-movement-command.js';
import type { StockDeps } from './stock-deps.js';
import { stockStream } from './stock-stream.js';

/** The request body's fields, as the decider checks them (`tipo` as sent). */
export interface RegisterMovementInput {
  insumo_id: string;
  local_id: string;
  tipo: string;
  quantidade: DecimalInput;
  unidade?: string | null;
  custo_unitario?: DecimalInput | null;
  referencia?: string | null;
  motivo?: string | null;
  /** `api` unless an internal process registers it. */
  origem?: Origem;
}

/**
 * Registers an ordinary movement: an active location of the company (the domain leaves that
 * to the caller; checked in the query that loads the stream), then the decider.
 */
export async function registerMovement(
  deps: StockDeps,
  context: WriteContext,
  input: RegisterMovementInput,
  options: MovementWriteOptions = {},
): Promise<MovementOutcome> {
  const { empresaId } = context;
  // An empty item id names no stream: the location alone, and the decider then refuses the item.
  const { activeLocation, loaded } = !isUuid(input.local_id)
    ? { activeLocation: false, loaded: undefined }
    : input.insumo_id === ''
      ? { activeLocation: await isActiveLocation(deps.pool, empresaId, input.local_id), loaded: undefined }
      : await loadStockStream(deps, stockStream(empresaId, input.insumo_id), empresaId, input.local_id);
  if (!activeLocation)
    return refused({
      kind: 'validation',
      campo: 'local_id',
      mensagem: 'local_id deve ser um local ativo da empresa',
    });
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
  return runMovementCommand(deps, context, command, eventId, { ...options, loaded });
}
