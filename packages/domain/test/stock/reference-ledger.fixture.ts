// Test support: the stock rules of spec/writes.md, restated over a bigint number system
// (reference-arithmetic.fixture.ts) with no rounding of averages at all, for the reference test.
// Shares no code with the decider. Not exported by the package.
import type { Arith } from './reference-arithmetic.fixture.js';

export type RefPosition<N> = { saldo: N; medio: N; bruto: N };
type RefMovement<N> = { local: string; q: N; c: N; cb: N; state: 'open' | 'reversed' | 'reversal' };

export class ReferenceLedger<N> {
  readonly locations = new Map<string, RefPosition<N>>();
  readonly movements = new Map<string, RefMovement<N>>();
  private readonly zero: N;

  constructor(
    private readonly math: Arith<N>,
    private readonly referenceCost: N,
  ) {
    this.zero = math.of('0');
  }

  position(local: string): RefPosition<N> {
    const known = this.locations.get(local);
    if (known) return known;
    return { saldo: this.zero, medio: this.referenceCost, bruto: this.referenceCost };
  }

  /** (S*A + q*c) / (S + q) when S > 0 and S + q > 0, else c. */
  private entering(s: N, a: N, q: N, c: N): N {
    const { math } = this;
    const after = math.add(s, q);
    if (math.sign(s) > 0 && math.sign(after) > 0)
      return math.div(math.add(math.mul(s, a), math.mul(q, c)), after);
    return c;
  }

  /** (S*A - q*c) / (S - q), floored at 0, when S - q > 0; else A unchanged. */
  private leaving(s: N, a: N, q: N, c: N): N {
    const { math } = this;
    const after = math.sub(s, q);
    if (math.sign(after) <= 0) return a;
    const average = math.div(math.sub(math.mul(s, a), math.mul(q, c)), after);
    return math.sign(average) < 0 ? this.zero : average;
  }

  /** Ordinary movement; null costs on an entry mean "at the location's averages". */
  move(id: string, local: string, q: N, c: N | null, cb: N | null): RefMovement<N> {
    const { math } = this;
    const p = this.position(local);
    const outflow = math.sign(q) < 0;
    const cost = outflow || c === null ? p.medio : c;
    const costBruto = outflow || c === null ? p.bruto : (cb ?? c);
    const next = outflow
      ? { ...p, saldo: math.add(p.saldo, q) }
      : {
          saldo: math.add(p.saldo, q),
          medio: this.entering(p.saldo, p.medio, q, cost),
          bruto: this.entering(p.saldo, p.bruto, q, costBruto),
        };
    this.locations.set(local, next);
    const movement: RefMovement<N> = { local, q, c: cost, cb: costBruto, state: 'open' };
    this.movements.set(id, movement);
    return movement;
  }

  /** Returns the reversal, or the reason it is refused. */
  reverse(id: string, originalId: string): RefMovement<N> | 'unknown' | 'reversed' | 'reversal' {
    const { math } = this;
    const original = this.movements.get(originalId);
    if (original === undefined) return 'unknown';
    if (original.state !== 'open') return original.state;
    const p = this.position(original.local);
    const back = math.sub(this.zero, original.q);
    const next =
      math.sign(original.q) < 0
        ? {
            saldo: math.add(p.saldo, back),
            medio: this.entering(p.saldo, p.medio, back, original.c),
            bruto: this.entering(p.saldo, p.bruto, back, original.cb),
          }
        : {
            saldo: math.add(p.saldo, back),
            medio: this.leaving(p.saldo, p.medio, original.q, original.c),
            bruto: this.leaving(p.saldo, p.bruto, original.q, original.cb),
          };
    this.locations.set(original.local, next);
    original.state = 'reversed';
    const reversal: RefMovement<N> = { ...original, q: back, state: 'reversal' };
    this.movements.set(id, reversal);
    return reversal;
  }
}
