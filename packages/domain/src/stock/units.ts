import { type Dec, dec, roundCost } from './money.js';
import type { ItemDefinition } from './state.js';

/** Quantity and unit costs as given, in the unit the command named. */
export type GivenAmounts = {
  quantidade: Dec;
  custoUnitario: Dec | null;
  custoUnitarioBruto: Dec | null;
};

/**
 * Brings a command's amounts to the item's consumption unit. In the purchase unit,
 * one unit holds `fator_conversao` consumption units: the quantity is multiplied by the
 * factor (exact) and unit costs divided by it (rounded to COST_SCALE places).
 * No unit means the consumption unit. Null for any other unit.
 */
export function toConsumptionUnit(
  item: ItemDefinition,
  unidade: string | null | undefined,
  given: GivenAmounts,
): GivenAmounts | null {
  if (unidade === undefined || unidade === null || unidade === item.unidadeConsumo) return given;
  if (unidade !== item.unidadeCompra) return null;
  const factor = dec(item.fatorConversao);
  const perUnit = (cost: Dec | null) => (cost === null ? null : roundCost(cost.div(factor)));
  return {
    quantidade: given.quantidade.times(factor),
    custoUnitario: perUnit(given.custoUnitario),
    custoUnitarioBruto: perUnit(given.custoUnitarioBruto),
  };
}
