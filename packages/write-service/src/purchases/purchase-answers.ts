import { type Nota, type PedidoCompra, presentNota, presentPedidoCompra } from '@factory/api';
import { valorTotalPedido } from '@factory/domain';
import { type FreshAnswer, keyAnswers, refusalError } from '@factory/http';
import type {
  PurchaseOutcome,
  PurchaseWriteOptions,
  RecordedNota,
  RecordedOrder,
} from '@factory/write-model';
import type { AnswerRecorder } from '../stock/answer-movement.js';

/** The order as the API shows it, from its events. */
export function pedidoOf(order: RecordedOrder): PedidoCompra {
  const { criado, state } = order;
  return presentPedidoCompra({
    id: criado.pedido_id,
    numero: criado.numero,
    fornecedor_id: criado.fornecedor_id,
    local_id: criado.local_id,
    situacao: state.situacao,
    previsto_para: criado.previsto_para,
    condicao_pagamento: criado.condicao_pagamento,
    observacao: criado.observacao,
    itens: state.itens.map((linha) => ({ ...linha, id: linha.item_id })),
    valor_total: valorTotalPedido(state.itens),
    motivo_cancelamento: order.motivoCancelamento,
    criado_em: criado.criado_em,
    atualizado_em: order.atualizadoEm,
  });
}

/** The invoice as the API shows it, from its events. */
export function notaOf({ recebida, cancelada }: RecordedNota): Nota {
  return presentNota({
    ...recebida,
    id: recebida.nota_id,
    situacao: cancelada === null ? 'recebida' : 'cancelada',
    itens: recebida.itens,
    criado_em: recebida.recebida_em,
    atualizado_em: cancelada?.cancelada_em ?? recebida.recebida_em,
  });
}

const orderAnswers = keyAnswers('purchase_order_key_answers', pedidoOf);
const notaAnswers = keyAnswers('purchase_receipt_key_answers', notaOf);

/**
 * Runs a purchases command and answers it: `status` with the resource and `X-Posicao-Log`, or the
 * refusal through the one error builder (`notFound`: a path id is a 404, a body id a 422). Under
 * an Idempotency-Key the answer is recorded by the write's own append and said so with `recorded`.
 */
async function answer<S, B>(
  recorder: AnswerRecorder | null,
  status: 200 | 201,
  render: (subject: S) => B,
  answers: ReturnType<typeof keyAnswers<S>> | null,
  run: (options: PurchaseWriteOptions<S>) => Promise<PurchaseOutcome<S>>,
): Promise<FreshAnswer<B>> {
  const options: PurchaseWriteOptions<S> =
    recorder === null || answers === null
      ? {}
      : { answer: { projection: answers, fields: recorder.answerFields(status) } };
  const outcome = await run(options);
  if (!outcome.ok) throw refusalError(outcome.error, status === 201 ? 'validacao' : 'nao_encontrado');
  return {
    status,
    headers: outcome.position === null ? {} : { 'X-Posicao-Log': String(outcome.position) },
    body: render(outcome.value),
    recorded: options.answer !== undefined && !outcome.replayed && outcome.position !== null,
  };
}

export const answerOrder = (
  recorder: AnswerRecorder | null,
  status: 200 | 201,
  run: (options: PurchaseWriteOptions<RecordedOrder>) => Promise<PurchaseOutcome<RecordedOrder>>,
  recordsAnswer = true,
) => answer(recorder, status, pedidoOf, recordsAnswer ? orderAnswers : null, run);

export const answerNota = (
  recorder: AnswerRecorder | null,
  status: 200 | 201,
  run: (options: PurchaseWriteOptions<RecordedNota>) => Promise<PurchaseOutcome<RecordedNota>>,
) => answer(recorder, status, notaOf, notaAnswers, run);
