import {
  type ApontamentoCancelado,
  type ApontamentoEvent,
  decideCancelarApontamento,
  evolveApontamento,
  initialApontamentoState,
  type MovimentoEstornado,
  recordCancelled,
} from '@factory/domain';
import { eventIdsFor } from '../../event-ids.js';
import { stockStream } from '../../stock/stock-stream.js';
import { isUuid } from '../../uuid.js';
import { isoInstant, type WriteContext } from '../../write-context.js';
import type { RecordOutcome, RecordWriteOptions } from '../record-outcome.js';
import { recordStream } from '../record-stream.js';
import type { ProductionDeps } from '../registrar-apontamento/registrar-apontamento.js';

/**
 * Cancels a production record: one reversal (`estorno`) per movement, in the stock's group
 * commit, with the record's `ApontamentoCancelado.v1` appended at the revision it was read at,
 * all in one statement. Two concurrent cancellations: the second finds the movements reversed
 * (or the record's revision moved) and is refused.
 */
export async function cancelarApontamento(
  deps: ProductionDeps,
  context: WriteContext,
  input: { apontamento_id: string; motivo?: unknown },
  options: RecordWriteOptions = {},
): Promise<RecordOutcome> {
  const notFound = {
    ok: false,
    error: { kind: 'not_found', campo: 'id', mensagem: 'apontamento não encontrado' },
  } as const;
  if (!isUuid(input.apontamento_id)) return notFound;
  const apontamentoId = input.apontamento_id.toLowerCase();
  const stream = recordStream(context.empresaId, apontamentoId);
  const events = await deps.store.readStream<ApontamentoEvent>(stream);
  const state = events.reduce(evolveApontamento, initialApontamentoState());
  const ids = eventIdsFor(context);
  const agora = isoInstant(context.now);
  const reversals = decideCancelarApontamento(state, { motivo: input.motivo, agora, reversalId: ids });
  if ('ok' in reversals) return reversals;
  if (state.estado === 'inexistente') return notFound;
  const registro = state.registro;
  const [first, ...rest] = reversals;
  if (first === undefined) throw new Error(`record ${apontamentoId} has no movements`);
  const step = (r: typeof first) => ({
    command: r,
    stream: stockStream(context.empresaId, r.data.insumo_id),
    localId: null,
  });
  const motivo = first.data.motivo ?? null;
  const outcome = await deps.stock.submit({
    context,
    ...step(first),
    eventId: () => first.data.movimento_id,
    more: rest.map(step),
    companion: {
      stream,
      expectedRevision: events.length - 1,
      eventId: ids(0),
      build: (movements) =>
        recordCancelled(apontamentoId, movements as MovimentoEstornado['data'][], motivo, agora),
      ...(options.answer && {
        answer: {
          row: options.answer,
          subject: (event) => ({ registro, cancelamento: (event as ApontamentoCancelado).data }),
        },
      }),
    },
  });
  if (!outcome.ok) return outcome;
  if (outcome.evento === undefined)
    return { ok: false, error: { kind: 'conflict', mensagem: 'o apontamento já foi cancelado' } };
  return {
    ok: true,
    apontamento: { registro, cancelamento: (outcome.evento as ApontamentoCancelado).data },
    position: outcome.position,
    replayed: false,
  };
}
