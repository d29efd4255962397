import { Decimal } from 'decimal.js';

/**
 * Decimal arithmetic for quantities and costs. A private clone, so no other module's
 * global decimal.js settings can change our results (and ours change no one else's).
 * 60 significant digits keep sums and products of quantities and costs exact at any
 * realistic magnitude; only divisions round, and their results are then rounded to
 * COST_SCALE decimal places, half to even.
 */
export const Dec = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -100,
  toExpPos: 100,
});
export type Dec = Decimal;

/** Decimal places kept for unit costs and averages (reais per consumption unit). */
export const COST_SCALE = 16;

/** Inputs larger than this (in absolute value) are refused: no real stock needs them. */
export const MAX_ABS_INPUT = new Dec('1e12');
/** How a refusal names that bound, after the field: "quantidade deve ter ...". */
export const TOO_LARGE = 'deve ter valor absoluto de no máximo 10^12';

/** How a command carries a decimal: a JSON number or its decimal text. */
export type DecimalInput = number | string;

/** Decimals are stored and sent as text, so JSON never rounds them. */
export type DecimalText = string;

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?$/;

/** Parses a finite decimal in plain or exponent notation (no hex, no NaN, no Infinity). */
export function parseDecimal(input: unknown): Dec | null {
  if (typeof input === 'number') return Number.isFinite(input) ? new Dec(input) : null;
  if (typeof input !== 'string' || !DECIMAL_TEXT.test(input)) return null;
  return new Dec(input);
}

/** Canonical text: plain notation, no trailing zeros, no negative zero. */
export function toText(value: Dec): DecimalText {
  return value.isZero() ? '0' : value.toFixed();
}

export function roundCost(value: Dec): Dec {
  return value.toDecimalPlaces(COST_SCALE, Dec.ROUND_HALF_EVEN);
}

export function dec(text: DecimalText): Dec {
  return new Dec(text);
}
