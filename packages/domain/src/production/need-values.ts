import { Dec, type DecimalText, dec, toText } from '../stock/money.js';

/**
 * A plan's need against its location: `falta` = max(0, quantidade − saldo), and `custo` =
 * quantidade × the location's average, in reais to 2 places, half up (as PostgreSQL's round).
 */
export function valueNeed(
  quantidade: DecimalText,
  saldo: DecimalText,
  custoMedio: DecimalText,
): { falta: DecimalText; custo: DecimalText } {
  const q = dec(quantidade);
  return {
    falta: toText(Dec.max(0, q.minus(dec(saldo)))),
    custo: toText(q.times(dec(custoMedio)).toDecimalPlaces(2, Dec.ROUND_HALF_UP)),
  };
}
