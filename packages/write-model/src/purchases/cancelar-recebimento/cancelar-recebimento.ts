import { decideCancelarRecebimento, type NotaEvent, type StockState, stockDecider } from '@factory/domain';
import type { AppendRequest, ProjectedRow, StreamAppend } from '@factory/event-store';
import { completeRow } from '../../decided-row.js';
import { eventIdsFor } from '../../event-ids.js';
import { type CommandWrite, handleCommand } from '../../handle-command.js';
import { type LoadedStream, loadStream } from '../../load-stream.js';
import type { MovementJob } from '../../stock/movement-job.js';
import { planMovementBatch } from '../../stock/plan-movement-batch.js';
import { stockSnapshots } from '../../stock/stock-snapshots.js';
import { stockStream } from '../../stock/stock-stream.js';
import { isUuid } from '../../uuid.js';
import { isoInstant, metadataOf, type WriteContext } from '../../write-context.js';
import { lastTheNota } from '../nota-last.js';
import { notaFold, type RecordedNota } from '../nota-record.js';
import { orderFold } from '../order-record.js';
import { notaStream, orderStream } from '../purchase-streams.js';
import type { PurchaseOutcome, PurchasesDeps, PurchaseWriteOptions } from '../purchases-deps.js';
import { receiptKey } from '../tables/purchase-receipt-index.js';

type Outcome = PurchaseOutcome<RecordedNota>;

const NOT_FOUND: Outcome = {
  ok: false,
  error: { kind: 'not_found', campo: 'id', mensagem: 'recebimento não encontrado' },
};

/** Index of the order's event among the write's derived ids (reversals: 1 to 990). */
const ORDER_EVENT = 2000;

/**
 * Cancels a receipt: one reversal (`estorno`) per movement, on each item's stream as any reversal
 * is decided, the order's quantities taken back (its stream) and `NotaCancelada.v1` on the access
 * key's stream, each at the revision read: ONE append. The key can then be received again.
 */
export async function cancelarRecebimento(
  deps: PurchasesDeps,
  context: WriteContext,
  input: { nota_id: string; motivo?: unknown },
  options: PurchaseWriteOptions<RecordedNota> = {},
): Promise<Outcome> {
  if (!isUuid(input.nota_id)) return NOT_FOUND;
  const notaId = input.nota_id.toLowerCase();
  // The receipt index is a write-side row: current with the log before it is read.
  await deps.store.writeSideRowsCurrent();
  const chave = await receiptKey(deps.pool, context.empresaId, notaId);
  if (chave === null) return NOT_FOUND;
  return handleCommand(
    deps.store,
    cancelWrite(deps, context, { ...input, nota_id: notaId, chave }, options),
    deps.contention,
  );
}

function cancelWrite(
  deps: PurchasesDeps,
  context: WriteContext,
  input: { nota_id: string; chave: string; motivo?: unknown },
  options: PurchaseWriteOptions<RecordedNota>,
): CommandWrite<Outcome> {
  const { empresaId } = context;
  const ids = eventIdsFor(context);
  const stream = notaStream(empresaId, input.chave);
  const answerOf = async (replayed: boolean): Promise<Outcome> => {
    const events = await deps.store.readStream<NotaEvent>(stream);
    const record = events.reduce(notaFold.evolve, notaFold.initialState());
    const nota = record.receipts.get(input.nota_id);
    const event = events.find((e) => e.id === ids(0));
    if (nota === undefined) return NOT_FOUND;
    return { ok: true, value: nota, position: event?.position ?? null, replayed };
  };
  return {
    async decide() {
      const nota = await loadStream(deps.store, undefined, notaFold, stream);
      // An earlier attempt of this key committed the cancellation: answer it again.
      if (nota.state.eventIds.has(ids(0))) return { answer: await answerOf(true) };
      const receipt = nota.state.receipts.get(input.nota_id);
      if (receipt === undefined) return { answer: NOT_FOUND };
      const movements = receipt.recebida.itens.map((item) => ({
        movimento_id: item.movimento_id,
        stream: stockStream(empresaId, item.insumo_id),
      }));
      const streams = [...new Set(movements.map((m) => m.stream))];
      const pedidoId = receipt.recebida.pedido_id;
      const [stocks, order] = await Promise.all([
        Promise.all(streams.map((s) => loadStream(deps.store, stockSnapshots, stockDecider, s))),
        pedidoId === null
          ? Promise.resolve(null)
          : loadStream(deps.store, undefined, orderFold, orderStream(empresaId, pedidoId)),
      ]);
      const loaded = new Map<string, LoadedStream<StockState>>(streams.map((s, i) => [s, stocks[i]!]));
      const estornados = new Set(
        movements
          .filter((m) => loaded.get(m.stream)?.state.movements.get(m.movimento_id)?.kind === 'reversed')
          .map((m) => m.movimento_id),
      );
      const decided = decideCancelarRecebimento(
        {
          type: 'CancelarRecebimento',
          data: {
            nota_id: input.nota_id,
            motivo: input.motivo,
            estorno_ids: movements.map((_, i) => ids(1 + i)),
            agora: isoInstant(context.now),
          },
          context: { estornados, pedido: order?.state.state ?? null },
        },
        nota.state.state,
      );
      if (!decided.ok) return { answer: decided };
      const { nota: cancelada, estornos, pedido } = decided.value;
      const [first, ...rest] = estornos;
      if (first === undefined) throw new Error(`receipt ${input.nota_id} has no movements`);
      const step = (e: typeof first) => ({
        command: e,
        stream: stockStream(empresaId, e.data.insumo_id),
        localId: null,
      });
      const job: MovementJob = {
        context,
        ...step(first),
        eventId: () => first.data.movimento_id,
        more: rest.map(step),
        companion: { stream, expectedRevision: nota.revision, eventId: ids(0), build: () => cancelada },
      };
      const plan = planMovementBatch(
        [job],
        { streams: loaded, activeLocations: new Set() },
        deps.snapshotEvery,
      );
      const planned = plan.jobs[0]!;
      if (planned.kind === 'refused') return { answer: { ok: false, error: planned.error } };
      if (planned.kind === 'already_applied') return { answer: await answerOf(true) };
      const more: StreamAppend[] = [];
      if (pedido !== null && order !== null && pedidoId !== null)
        more.push({
          stream: orderStream(empresaId, pedidoId),
          expectedRevision: order.revision,
          events: [
            {
              ...pedido,
              id: ids(ORDER_EVENT),
              metadata: metadataOf(context),
              created: context.now,
            },
          ],
        });
      const recorded: RecordedNota = { recebida: receipt.recebida, cancelada: cancelada.data };
      const rows: ProjectedRow[] = [...plan.rows];
      if (options.answer) rows.push(completeRow(options.answer, ids(0), recorded));
      const request: AppendRequest = {
        streams: lastTheNota(plan.appends, more),
        rows,
        snapshots: plan.snapshots,
      };
      return {
        request,
        written(outcome) {
          const position = outcome.events.find((e) => e.id === ids(0))?.position ?? null;
          return { ok: true, value: recorded, position, replayed: false };
        },
        async refused(outcome) {
          if (outcome.existing.length === 0) return 'retry';
          if (outcome.existing.some((e) => e.id === ids(0) && e.stream === stream))
            return { answer: await answerOf(true) };
          return {
            answer: {
              ok: false,
              error: { kind: 'key_reused', mensagem: 'Idempotency-Key já usada em outra escrita.' },
            },
          };
        },
      };
    },
  };
}
