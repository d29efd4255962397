import { applyMovement, toBalance } from './average-cost.js';
import { conflict, type Decision, notFound, type RegistrarMovimento, validation } from './commands.js';
import type { MovimentoRegistrado } from './events.js';
import { positionAt } from './location.js';
import { toText } from './money.js';
import type { StockState } from './state.js';
import { toConsumptionUnit } from './units.js';
import { validateMovement } from './validate-movement.js';

/**
 * Registers an ordinary movement: checks it, converts it to the consumption unit, values
 * it (outflows at the location's average; entries at their cost, else at that average)
 * and records the location's balance and averages after it. A deleted item takes none.
 */
export function decideRegistrarMovimento(
  command: RegistrarMovimento,
  state: StockState,
): Decision<MovimentoRegistrado> {
  const { data } = command;
  const item = state.item;
  if (item === null || item.insumoId !== data.insumo_id)
    return notFound('insumo_id', 'insumo não encontrado');
  // A deleted item is no longer a valid `insumo_id`, as for a bill's lines (the API's 422 on
  // the field, like an unknown id); the message says why.
  if (state.excluido) return notFound('insumo_id', 'o insumo foi excluído');
  if (state.movements.has(data.movimento_id)) return conflict('movimento já registrado');

  const valid = validateMovement(data);
  if ('ok' in valid) return valid;
  const converted = toConsumptionUnit(item, data.unidade, valid);
  if (converted === null) {
    const units = [item.unidadeConsumo, item.unidadeCompra].join(' ou ');
    return validation('unidade', `unidade deve ser ${units}`);
  }
  if (valid.tipo === 'saldo_inicial' && state.locations.has(data.local_id)) {
    return conflict('saldo_inicial só é aceito como primeiro movimento do insumo neste local');
  }

  const before = positionAt(state, item, data.local_id);
  const { quantidade } = converted;
  const custoUnitario = quantidade.isNegative()
    ? before.custoMedio
    : (converted.custoUnitario ?? before.custoMedio);
  const custoUnitarioBruto = quantidade.isNegative()
    ? before.custoMedioBruto
    : (converted.custoUnitarioBruto ?? converted.custoUnitario ?? before.custoMedioBruto);
  const after = toBalance(applyMovement(before, quantidade, custoUnitario, custoUnitarioBruto));

  return {
    ok: true,
    events: [
      {
        type: 'MovimentoRegistrado.v1',
        data: {
          movimento_id: data.movimento_id,
          insumo_id: data.insumo_id,
          local_id: data.local_id,
          tipo: valid.tipo,
          quantidade: toText(quantidade),
          unidade: item.unidadeConsumo,
          custo_unitario: toText(custoUnitario),
          custo_unitario_bruto: toText(custoUnitarioBruto),
          referencia: data.referencia ?? null,
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
