import { type Apontamento, toApontamento } from '@factory/api';
import { type FreshAnswer, keyAnswers, refusalError } from '@factory/http';
import type { RecordedProduction, RecordOutcome, RecordWriteOptions } from '@factory/write-model';
import type { AnswerRecorder } from '../stock/answer-movement.js';

/** The record as the API shows it, from its events. */
export function apontamentoOf(recorded: RecordedProduction): Apontamento {
  const { registro, cancelamento } = recorded;
  return toApontamento({
    id: registro.apontamento_id,
    produto_id: registro.produto_id,
    quantidade: registro.quantidade,
    local_id: registro.local_id,
    dia: registro.dia,
    referencia: registro.referencia,
    motivo: cancelamento?.motivo ?? registro.motivo,
    estado: cancelamento === null ? 'registrado' : 'cancelado',
    custo: registro.custo,
    movimentos: registro.movimentos.map((m) => m.movimento_id),
    criado_em: registro.registrado_em,
    atualizado_em: cancelamento?.cancelado_em ?? registro.registrado_em,
  });
}

/** A record's key answer: its body is the record as the route answers it. */
const recordAnswers = keyAnswers('record_key_answers', apontamentoOf);

/**
 * Runs a record command and answers it; under an Idempotency-Key the answer is recorded by the
 * record's own append statement, as a movement's is (answer-movement.ts).
 */
export async function answerRecord(
  recorder: AnswerRecorder | null,
  status: 200 | 201,
  run: (options: RecordWriteOptions) => Promise<RecordOutcome>,
): Promise<FreshAnswer<Apontamento>> {
  const outcome = await run(
    recorder === null
      ? {}
      : {
          answer: { projection: recordAnswers, fields: recorder.answerFields(status) },
        },
  );
  if (!outcome.ok) throw refusalError(outcome.error, status === 201 ? 'validacao' : 'nao_encontrado');
  return {
    status,
    headers: { 'X-Posicao-Log': String(outcome.position) },
    body: apontamentoOf(outcome.apontamento),
    // A fresh append (not a replayed one) committed the answer's row with it.
    recorded: recorder !== null && !outcome.replayed,
  };
}
