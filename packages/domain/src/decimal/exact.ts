/**
 * Exact decimals on BigInt: value = units / 10^scale, for sums, products and one rounded division
 * at a time, where decimal.js's arbitrary-precision objects cost tens of microseconds a call (the
 * projector folds the catalog's cost roll-up and every item's average across locations per
 * batch). Adds and multiplies exactly (so a component's unrounded cost passes on unchanged);
 * `round` rounds half away from zero as PostgreSQL's round(numeric, n) does, for presentation;
 * `divideHalfEven` rounds an average as the domain does. Inputs are the canonical decimal texts
 * the events and numeric columns carry. Reached as `@factory/domain/exact`.
 */
export interface Exact {
  readonly units: bigint;
  readonly scale: number;
}

const TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const POWERS: bigint[] = [1n];
/** 10^n, cached: the roll-up aligns scales on every addition. */
function pow10(n: number): bigint {
  for (let k = POWERS.length; k <= n; k++) POWERS.push(POWERS[k - 1]! * 10n);
  return POWERS[n]!;
}

export const ZERO: Exact = { units: 0n, scale: 0 };

/** Also a JSON number, should an event carry one where decimal text is expected. */
export function exact(text: string | number): Exact {
  const m = TEXT.exec(String(text).trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`not a decimal: ${text}`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = m;
  let units = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

const align = (a: Exact, b: Exact): [bigint, bigint, number] => {
  if (a.scale === b.scale) return [a.units, b.units, a.scale];
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
};

export function plus(a: Exact, b: Exact): Exact {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
}

export function minus(a: Exact, b: Exact): Exact {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
}

export const times = (a: Exact, b: Exact): Exact => ({ units: a.units * b.units, scale: a.scale + b.scale });

export function compare(a: Exact, b: Exact): number {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const same = (a: Exact, b: Exact): boolean => compare(a, b) === 0;

/** n / d rounded half away from zero to an integer (d > 0). */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const twiceRest = 2n * (n % d);
  if (twiceRest >= d) return q + 1n;
  if (-twiceRest >= d) return q - 1n;
  return q;
}

/**
 * a / b rounded half to even to `places` decimal places (b not zero), in one rounding of the exact
 * quotient: the domain's rounding of averages (COST_SCALE places, half to even).
 */
export function divideHalfEven(a: Exact, b: Exact, places: number): Exact {
  let n = a.units * pow10(b.scale + places);
  let d = b.units * pow10(a.scale);
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const q = n / d;
  const twiceRest = 2n * (n < 0n ? -(n % d) : n % d);
  const away = twiceRest > d || (twiceRest === d && q % 2n !== 0n);
  return { units: away ? q + (n < 0n ? -1n : 1n) : q, scale: places };
}

export function round(a: Exact, places: number): Exact {
  if (a.scale <= places) return a;
  return { units: divRound(a.units, pow10(a.scale - places)), scale: places };
}

/** Canonical text: plain notation, no trailing zeros, no negative zero. */
export function text(a: Exact): string {
  let { units, scale } = a;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${body}` : body;
}
