import { type PreviaRecebimento, previaRecebimento } from '@factory/api';
import type { PreviaRecebimento as PreviaDecidida } from '@factory/domain';
import { defineRoute, formatInstant, refusalError } from '@factory/http';
import { writeContextOf } from '../../stock/write-context.js';
import { parsedReceipt } from '../parsed-receipt.js';
import type { PurchasesRouteDeps } from '../purchases-deps.js';

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** The preview as the API shows it: the Nota it would record, `id` and `movimento_id` null. */
function previaOf(previa: PreviaDecidida, now: Date): PreviaRecebimento {
  const at = formatInstant(now);
  return {
    id: null,
    chave: previa.chave,
    tipo: 'entrada',
    modelo: previa.modelo,
    serie: previa.serie,
    numero: previa.numero,
    emitida_em: formatInstant(new Date(previa.emitida_em)),
    ambiente: previa.ambiente,
    fornecedor_id: previa.fornecedor_id,
    emitente_cnpj: previa.emitente_cnpj,
    pedido_id: previa.pedido_id,
    local_id: previa.local_id,
    situacao: 'recebida',
    valor_total: Number(previa.valor_total),
    itens: previa.itens.map((item) => ({
      n_item: item.n_item,
      codigo: item.codigo,
      descricao: item.descricao,
      ncm: item.ncm,
      cfop: item.cfop,
      unidade: item.unidade,
      quantidade: Number(item.quantidade),
      insumo_id: item.insumo_id,
      fator: numberOrNull(item.fator),
      quantidade_consumo: numberOrNull(item.quantidade_consumo),
      custo_unitario: numberOrNull(item.custo_unitario),
      custo_unitario_bruto: numberOrNull(item.custo_unitario_bruto),
      creditos: numberOrNull(item.creditos),
      movimento_id: null,
      situacao_vinculo: item.situacao_vinculo,
    })),
    criado_em: at,
    atualizado_em: at,
  };
}

/** POST /v1/compras/recebimentos/previa: what the receipt would record; writes nothing, needs no key. */
export const previaRecebimentoRoute = (deps: PurchasesRouteDeps) =>
  defineRoute({
    ...previaRecebimento,
    handler: async ({ body, auth, request }) => {
      const now = deps.clock();
      const context = writeContextOf(auth, request, null, now);
      const outcome = await deps.purchases.previaRecebimento(context, parsedReceipt(body, auth));
      if (!outcome.ok) throw refusalError(outcome.error, 'validacao');
      return previaOf(outcome.value, now);
    },
  });
