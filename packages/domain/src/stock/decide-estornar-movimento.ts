import { applyReversal, toBalance } from './average-cost.js';
import { conflict, type Decision, type EstornarMovimento, notFound, validation } from './commands.js';
import type { MovimentoEstornado } from './events.js';
import { positionAt } from './location.js';
import { dec, toText } from './money.js';
import type { StockState } from './state.js';
import { MAX_MOTIVO } from './validate-movement.js';

/**
 * Reverses a movement: the opposite quantity at the original unit costs, in the same
 * location, undoing the original's effect on the averages (see applyReversal).
 * A movement is reversed at most once; a reversal is never reversed; a deleted item's
 * movements are never reversed.
 */
export function decideEstornarMovimento(
  command: EstornarMovimento,
  state: StockState,
): Decision<MovimentoEstornado> {
  const { data } = command;
  const item = state.item;
  if (item === null || item.insumoId !== data.insumo_id)
    return notFound('insumo_id', 'insumo não encontrado');
  // The movement exists and is still listed, so not a 404: its item's state forbids the
  // reversal, like a second reversal does (409).
  if (state.excluido) return conflict('o insumo do movimento foi excluído');
  const original = state.movements.get(data.estornado_id);
  if (original === undefined) return notFound('id', 'movimento não encontrado');
  if (original.kind === 'reversed') return conflict('movimento já foi estornado');
  if (original.kind === 'reversal') return conflict('um estorno não pode ser estornado');
  // A record's consumption is undone with the record, all of it at once, never one item alone.
  if (original.apontamento !== undefined && data.origem !== 'producao')
    return conflict(
      `o movimento pertence ao apontamento de produção ${original.apontamento}: cancele o apontamento`,
    );
  if (state.movements.has(data.movimento_id)) return conflict('movimento já registrado');
  if (data.motivo != null && data.motivo.length > MAX_MOTIVO) {
    return validation('motivo', `motivo deve ter no máximo ${MAX_MOTIVO} caracteres`);
  }

  const quantidade = dec(original.quantidade);
  const custoUnitario = dec(original.custoUnitario);
  const custoUnitarioBruto = dec(original.custoUnitarioBruto);
  const before = positionAt(state, item, original.localId);
  const after = toBalance(applyReversal(before, quantidade, custoUnitario, custoUnitarioBruto));

  return {
    ok: true,
    events: [
      {
        type: 'MovimentoEstornado.v1',
        data: {
          movimento_id: data.movimento_id,
          insumo_id: data.insumo_id,
          local_id: original.localId,
          tipo: 'estorno',
          estornado_id: data.estornado_id,
          quantidade: toText(quantidade.neg()),
          unidade: item.unidadeConsumo,
          custo_unitario: original.custoUnitario,
          custo_unitario_bruto: original.custoUnitarioBruto,
          referencia: data.estornado_id,
          motivo: data.motivo ?? null,
          origem: data.origem,
          saldo: after.saldo,
          custo_medio: after.custoMedio,
          custo_medio_bruto: after.custoMedioBruto,
          criado_em: data.criado_em,
        },
      },
    ],
  };
}
