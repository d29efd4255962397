// Test support: two bigint number systems for the reference ledger, written without
// decimal.js so that they share no code with the decider. Not exported by the package.

export interface Arith<N> {
  name: string;
  /** From decimal text such as '-12.5' (no exponent). */
  of(text: string): N;
  add(a: N, b: N): N;
  sub(a: N, b: N): N;
  mul(a: N, b: N): N;
  div(a: N, b: N): N;
  sign(a: N): -1 | 0 | 1;
  /** Approximate, for reporting and tolerances on small differences. */
  toNumber(a: N): number;
}

function splitDecimal(text: string): { units: bigint; places: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (match === null) throw new Error(`not a plain decimal: ${text}`);
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2]}${fraction}`);
  return { units: match[1] === '-' ? -units : units, places: fraction.length };
}

const bigSign = (a: bigint): -1 | 0 | 1 => (a > 0n ? 1 : a < 0n ? -1 : 0);
const bigAbs = (a: bigint) => (a < 0n ? -a : a);

function gcd(a: bigint, b: bigint): bigint {
  let x = bigAbs(a);
  let y = bigAbs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Exact fractions n/d, d > 0, kept in lowest terms. */
export type Fraction = { n: bigint; d: bigint };

const fraction = (n: bigint, d: bigint): Fraction => {
  if (d === 0n) throw new Error('division by zero');
  const g = gcd(n, d) || 1n;
  const s = d < 0n ? -1n : 1n;
  return { n: (s * n) / g, d: (s * d) / g };
};

export const exact: Arith<Fraction> = {
  name: 'exact fractions',
  of: (text) => {
    const { units, places } = splitDecimal(text);
    return fraction(units, 10n ** BigInt(places));
  },
  add: (a, b) => fraction(a.n * b.d + b.n * a.d, a.d * b.d),
  sub: (a, b) => fraction(a.n * b.d - b.n * a.d, a.d * b.d),
  mul: (a, b) => fraction(a.n * b.n, a.d * b.d),
  div: (a, b) => fraction(a.n * b.d, a.d * b.n),
  sign: (a) => bigSign(a.n),
  toNumber: (a) => Number((a.n * 10n ** 30n) / a.d) / 1e30,
};

/** Fixed point with 60 decimal places (44 more than the decider keeps), truncating. */
const SCALE = 10n ** 60n;

export const fixed60: Arith<bigint> = {
  name: 'fixed point, 60 places',
  of: (text) => {
    const { units, places } = splitDecimal(text);
    return units * 10n ** BigInt(60 - places);
  },
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => (a * b) / SCALE,
  div: (a, b) => (a * SCALE) / b,
  sign: bigSign,
  toNumber: (a) => Number(a / 10n ** 30n) / 1e30,
};
