import { COST_SCALE } from '@factory/domain';

/**
 * The rounding of the domain's item average (`acrossLocations`) in SQL: `scaled / weight`, where
 * `scaled` is the weighted sum times 10^COST_SCALE, as a decimal of COST_SCALE places rounded half
 * to even, exactly (div and mod are exact on numeric; PostgreSQL's `/` rounds on its own and
 * round() rounds half away from zero). Null when either is null (no positive balance).
 *
 * Why SQL at all: the projector recomputes estoque_itens for a batch's items in one statement
 * from every balance of those items, most written by earlier batches; computing it in TypeScript
 * would read them all back first. item-average.int.test.ts holds this SQL to the domain's rule.
 */
export function itemAverageSql(scaled: string, weight: string): string {
  const quotient = `div(${scaled}, ${weight})`;
  const twiceRest = `2 * abs(mod(${scaled}, ${weight}))`;
  const awayFromZero = `${twiceRest} > ${weight} OR (${twiceRest} = ${weight} AND mod(${quotient}, 2) <> 0)`;
  return `(${quotient} + CASE WHEN ${awayFromZero} THEN sign(${scaled}) ELSE 0 END) * 1e-${COST_SCALE}`;
}

/** A sum over the positive balances, times 10^COST_SCALE: the `scaled` of itemAverageSql. */
export const scaledSumSql = (sum: string): string => `${sum} * 1e${COST_SCALE}`;
