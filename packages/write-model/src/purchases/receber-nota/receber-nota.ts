import { decideReceberNota, type NotaEvent } from '@factory/domain';
import type { AppendRequest, EventShape, ProjectedRow, StreamAppend } from '@factory/event-store';
import { inactiveLocationsQuery, locationKey } from '@factory/tenants';
import { completeRow } from '../../decided-row.js';
import { eventIdsFor } from '../../event-ids.js';
import { type CommandWrite, handleCommand } from '../../handle-command.js';
import type { MovementJob } from '../../stock/movement-job.js';
import { planMovementBatch } from '../../stock/plan-movement-batch.js';
import { stockStream } from '../../stock/stock-stream.js';
import { isoInstant, metadataOf, type WriteContext } from '../../write-context.js';
import { lastTheNota } from '../nota-last.js';
import { notaFold, type RecordedNota } from '../nota-record.js';
import { notaStream } from '../purchase-streams.js';
import type { PurchaseOutcome, PurchasesDeps, PurchaseWriteOptions } from '../purchases-deps.js';
import { receiptIndexRow } from '../tables/purchase-receipt-index.js';
import { type ReceberNotaInput, readReceiptInputs, receiptCommand } from './receipt-inputs.js';

/** Index of the order's event and of the first link's among the write's derived ids (movements: 1 to 990). */
const ORDER_EVENT = 2000;
const FIRST_LINK_EVENT = 3000;

export const LOCATION_REFUSAL = {
  ok: false,
  error: { kind: 'validation', campo: 'local_id', mensagem: 'local_id deve ser um local ativo da empresa' },
} as const;

type Outcome = PurchaseOutcome<RecordedNota>;

/**
 * Receives a supplier's invoice (checks 1 to 3 done by the caller's parser): the domain's checks
 * 4 to 8 on what the write side holds, then ONE append of the Nota (on its access key's stream),
 * one `entrada_nfe` movement per item (on each supply item's stream, decided by the stock
 * decider as any movement is, with their index rows and due snapshots), the links it taught (the
 * supplier's links stream) and the order's progress (its stream), each at the revision it was
 * read at, with the location's guard. Two receipts of one key meet at the key's stream: one is
 * written, the other decides again and meets check 6 (409). The Nota's id is its event's, and
 * every id derives from the Idempotency-Key, so a retry that finds its write answers it.
 */
export async function receberNota(
  deps: PurchasesDeps,
  context: WriteContext,
  input: ReceberNotaInput,
  options: PurchaseWriteOptions<RecordedNota> = {},
): Promise<Outcome> {
  return handleCommand(deps.store, receiptWrite(deps, context, input, options), deps.contention);
}

function receiptWrite(
  deps: PurchasesDeps,
  context: WriteContext,
  input: ReceberNotaInput,
  options: PurchaseWriteOptions<RecordedNota>,
): CommandWrite<Outcome> {
  const { empresaId } = context;
  const ids = eventIdsFor(context);
  const notaId = ids(0);
  const movimentoIds = input.documento.itens.map((_, i) => ids(1 + i));
  const agora = isoInstant(context.now);
  const replayed = async (): Promise<Outcome> => {
    const events = await deps.store.readStream<NotaEvent>(notaStream(empresaId, input.documento.chave));
    const event = events.find((e) => e.id === notaId);
    const record = events.reduce(notaFold.evolve, notaFold.initialState());
    const nota = record.receipts.get(notaId);
    if (event === undefined || nota === undefined) throw new Error(`receipt ${notaId} reads as missing`);
    return { ok: true, value: nota, position: event.position, replayed: true };
  };
  return {
    async decide() {
      const inputs = await readReceiptInputs(deps, empresaId, input);
      // An earlier attempt of this key committed the receipt: answer it again, whatever changed since.
      if (inputs.nota.loaded.state.receipts.has(notaId)) return { answer: await replayed() };
      if (!inputs.localActive) return { answer: LOCATION_REFUSAL };
      const decided = decideReceberNota(
        receiptCommand(input, inputs, { nota_id: notaId, movimento_ids: movimentoIds, agora }),
      );
      if (!decided.ok) return { answer: decided };
      const { nota, movimentos, vinculos, pedido } = decided.value;
      const [first, ...rest] = movimentos;
      if (first === undefined) throw new Error('an invoice has at least one item');
      const localId = input.local_id.toLowerCase();
      const step = (m: typeof first) => ({
        command: m,
        stream: stockStream(empresaId, m.data.insumo_id),
        localId,
      });
      const job: MovementJob = {
        context,
        ...step(first),
        eventId: () => first.data.movimento_id,
        more: rest.map(step),
        companion: {
          stream: inputs.nota.stream,
          expectedRevision: inputs.nota.loaded.revision,
          eventId: notaId,
          build: () => nota,
        },
      };
      const plan = planMovementBatch(
        [job],
        { streams: inputs.stocks, activeLocations: new Set([locationKey(empresaId, localId)]) },
        deps.snapshotEvery,
      );
      const planned = plan.jobs[0]!;
      if (planned.kind === 'refused') return { answer: { ok: false, error: planned.error } };
      if (planned.kind === 'already_applied') return { answer: await replayed() };
      const event = (type: EventShape, id: string) => ({
        ...type,
        id,
        metadata: metadataOf(context),
        created: context.now,
      });
      const more: StreamAppend[] = [];
      if (vinculos.length > 0 && inputs.links !== null)
        more.push({
          stream: inputs.links.stream,
          expectedRevision: inputs.links.loaded.revision,
          events: vinculos.map((v, i) => event(v, ids(FIRST_LINK_EVENT + i))),
        });
      if (pedido !== null) {
        const order = inputs.orders.get(pedido.data.pedido_id);
        if (order === undefined) throw new Error(`order ${pedido.data.pedido_id} was decided on unread`);
        more.push({
          stream: order.stream,
          expectedRevision: order.loaded.revision,
          events: [event(pedido, ids(ORDER_EVENT))],
        });
      }
      const recorded: RecordedNota = { recebida: nota.data, cancelada: null };
      const rows: ProjectedRow[] = [...plan.rows, receiptIndexRow(empresaId, nota)];
      if (options.answer) rows.push(completeRow(options.answer, notaId, recorded));
      const request: AppendRequest = {
        streams: lastTheNota(plan.appends, more),
        rows,
        snapshots: plan.snapshots,
        checks: [inactiveLocationsQuery([{ empresaId, localId }])],
      };
      return {
        request,
        written(outcome) {
          const position = outcome.events.find((e) => e.id === notaId)?.position ?? null;
          return { ok: true, value: recorded, position, replayed: false };
        },
        async refused(outcome) {
          if (outcome.existing.length === 0) return 'retry';
          // Our ids in the log: an earlier attempt committed, or the key named another write.
          const ours = outcome.existing.some((e) => e.id === notaId && e.stream === inputs.nota.stream);
          if (ours) return { answer: await replayed() };
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
