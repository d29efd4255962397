import type { Pool } from '@factory/database';
import {
  type ApontamentoEvent,
  type ApontamentoRegistrado,
  decideRegistrarApontamento,
  type MovimentoRegistrado,
  type ProductionCalendar,
  type RegistrarApontamento,
  recordRegistered,
} from '@factory/domain';
import type { EventStore } from '@factory/event-store';
import { eventIdsFor } from '../../event-ids.js';
import { stockStream } from '../../stock/stock-stream.js';
import type { StockWriteModel } from '../../stock/stock-write-model.js';
import { isoInstant, type WriteContext } from '../../write-context.js';
import { recordFacts } from '../record-facts.js';
import type { RecordOutcome, RecordWriteOptions } from '../record-outcome.js';
import { recordStream } from '../record-stream.js';

/** `POST /v1/producao/apontamentos`' body, values as sent, and the company's calendar. */
export interface RegistrarApontamentoInput {
  produto_id: unknown;
  quantidade: unknown;
  local_id: unknown;
  dia?: unknown;
  referencia?: unknown;
  motivo?: unknown;
  calendar: ProductionCalendar;
}

export interface ProductionDeps {
  pool: Pool;
  store: EventStore;
  stock: StockWriteModel;
}

/**
 * Registers a production record: the domain plans its `baixa_producao` movements through the
 * explosion; they join the stock's group commit as one job whose companion is the record's own
 * event, so the record and all its movements are in one append statement: all or nothing. The
 * record's id is its event's id, derived like every id from the Idempotency-Key.
 */
export async function registrarApontamento(
  deps: ProductionDeps,
  context: WriteContext,
  input: RegistrarApontamentoInput,
  options: RecordWriteOptions = {},
): Promise<RecordOutcome> {
  const ids = eventIdsFor(context);
  const apontamentoId = ids(0);
  const agora = isoInstant(context.now);
  const lower = (id: unknown) => (typeof id === 'string' ? id.toLowerCase() : id);
  // The bill graph and locations are write-side rows: current with the log before they are read.
  await deps.store.writeSideRowsCurrent();
  const facts = await recordFacts(deps.pool, context.empresaId, input.produto_id, input.local_id);
  const command: RegistrarApontamento = {
    type: 'RegistrarApontamento',
    data: {
      apontamento_id: apontamentoId,
      produto_id: lower(input.produto_id),
      quantidade: input.quantidade,
      local_id: lower(input.local_id),
      dia: input.dia,
      referencia: input.referencia,
      motivo: input.motivo,
      agora,
    },
    context: { calendar: input.calendar, ...facts, movementId: ids },
  };
  const planned = decideRegistrarApontamento(command);
  if ('ok' in planned) return planned;
  const [first, ...rest] = planned.movements;
  if (first === undefined)
    return {
      ok: false,
      error: { kind: 'conflict', mensagem: 'a ficha técnica do produto não consome nenhum insumo' },
    };
  const step = (m: typeof first) => ({
    command: m,
    stream: stockStream(context.empresaId, m.data.insumo_id),
    localId: m.data.local_id,
  });
  const outcome = await deps.stock.submit({
    context,
    ...step(first),
    eventId: () => first.data.movimento_id,
    more: rest.map(step),
    companion: {
      stream: recordStream(context.empresaId, apontamentoId),
      expectedRevision: 'no_stream',
      eventId: apontamentoId,
      build: (movements) => recordRegistered(planned, movements as MovimentoRegistrado['data'][], agora),
      ...(options.answer && {
        answer: {
          row: options.answer,
          subject: (event) => ({ registro: (event as ApontamentoRegistrado).data, cancelamento: null }),
        },
      }),
    },
  });
  if (!outcome.ok) return outcome;
  if (outcome.evento !== undefined)
    return {
      ok: true,
      apontamento: { registro: (outcome.evento as ApontamentoRegistrado).data, cancelamento: null },
      position: outcome.position,
      replayed: false,
    };
  // An earlier attempt with the same ids committed the whole record: read it back.
  const [event] = await deps.store.readStream<ApontamentoEvent>(
    recordStream(context.empresaId, apontamentoId),
    { limit: 1 },
  );
  if (event?.type !== 'ApontamentoRegistrado.v1')
    throw new Error(`record ${apontamentoId} has movements but no event`);
  return {
    ok: true,
    apontamento: { registro: event.data, cancelamento: null },
    position: event.position,
    replayed: true,
  };
}
