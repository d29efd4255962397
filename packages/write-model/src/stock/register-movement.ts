import type { DecimalInput, Origem, RegistrarMovimento } from '@factory/domain';
import { eventIdsFor } from '../event-ids.js';
import { isoInstant, type WriteContext } from '../write-context.js';
import { isActiveLocation } from './locations.js';
import { type MovementOutcome, refused } from './movement-outcome.js';
import { runMovementCommand } from './run-movement-command.js';
import type { StockDeps } from './stock-deps.js';

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

/** Registers an ordinary movement: an active location of the company, then the decider. */
export async function registerMovement(
  deps: StockDeps,
  context: WriteContext,
  input: RegisterMovementInput,
): Promise<MovementOutcome> {
  if (!(await isActiveLocation(deps.pool, context.empresaId, input.local_id)))
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
  return runMovementCommand(deps, context, command, eventId);
}
