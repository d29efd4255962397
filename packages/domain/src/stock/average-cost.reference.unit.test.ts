import { describe, expect, it } from 'vitest';
import { type Arith, exact, fixed60 } from '../../test/stock/reference-arithmetic.fixture.js';
import { ReferenceLedger } from '../../test/stock/reference-ledger.fixture.js';
import { estornar, fold, insumoDefinido, registrar } from '../../test/stock/stock.fixture.js';
import type { StockCommand } from './commands.js';
import { decideStock } from './decide.js';
import type { StockEvent } from './events.js';
import { fromSnapshot, type StockSnapshot, toSnapshot } from './snapshot.js';
import { evolveStock, type StockState } from './state.js';

// The decider against an independent reference (bigint arithmetic, no rounding of
// averages) over long random histories of entries, outflows, adjustments, purchase-unit
// conversions (factor 3, so unit costs do not divide evenly), taxed entries and reversals.

/** Deterministic PRNG (mulberry32), so a failure can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Decimal text of an integer count of 10^-places. */
function fmt(units: number, places: number): string {
  const digits = Math.abs(units)
    .toString()
    .padStart(places + 1, '0');
  return `${units < 0 ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

type Stats = {
  steps: number;
  reversals: number;
  refusals: number;
  maxAverageError: number;
  maxValueError: number;
};

function run<N>(math: Arith<N>, steps: number, seed: number): Stats {
  const random = prng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]) => items[int(items.length)] as T;
  const factor = math.of('3');
  const ledger = new ReferenceLedger(math, math.of('1.5'));
  let state: StockState = fold([
    insumoDefinido({
      unidade_compra: 'cx',
      unidade_consumo: 'un',
      fator_conversao: '3',
      custo_referencia: '1.5',
    }),
  ]);
  const open: string[] = [];
  const closed: string[] = [];
  const stats: Stats = { steps, reversals: 0, refusals: 0, maxAverageError: 0, maxValueError: 0 };
  const gap = (decided: string, reference: N) => math.sub(math.of(decided), reference);
  const abs = (n: number) => Math.abs(n);

  for (let i = 0; i < steps; i++) {
    const id = `m${i}`;
    const local = pick(['a', 'b', 'c']);
    const r = random();
    let command: StockCommand;
    let expected: ReturnType<typeof ledger.reverse> | null = null;

    if (r < 0.52) {
      // Entry (or a positive adjustment), sometimes without a cost, in boxes, or taxed.
      const q = fmt(1 + int(200_000), 3);
      const c = random() < 0.1 ? null : fmt(int(1_000_001), 4);
      const taxed = c !== null && random() < 0.15;
      const cb = taxed && c !== null ? fmt(Number(c.replace('.', '')) + int(300_000), 4) : null;
      const inBoxes = random() < 0.2;
      const isNew = !ledger.locations.has(local);
      const tipo = taxed
        ? 'entrada_nfe'
        : isNew && random() < 0.5
          ? 'saldo_inicial'
          : pick(['entrada_manual', 'ajuste']);
      command = registrar(id, {
        local_id: local,
        tipo,
        origem: taxed ? 'nfe' : 'api',
        quantidade: random() < 0.5 ? q : Number(q),
        custo_unitario: c,
        custo_unitario_bruto: cb,
        unidade: inBoxes ? 'cx' : 'un',
      });
      const convert = (text: string | null, up: boolean) =>
        text === null ? null : inBoxes ? (up ? math.mul : math.div)(math.of(text), factor) : math.of(text);
      ledger.move(id, local, convert(q, true) as N, convert(c, false), convert(cb, false));
      open.push(id);
    } else if (r < 0.8) {
      const q = fmt(-(1 + int(250_000)), 3);
      command = registrar(id, { local_id: local, tipo: pick(['perda', 'ajuste']), quantidade: q });
      ledger.move(id, local, math.of(q), null, null);
      open.push(id);
    } else if (r < 0.96 || closed.length === 0) {
      if (open.length === 0) continue;
      const at = int(open.length);
      const original = open[at] as string;
      open[at] = open[open.length - 1] as string;
      open.pop();
      command = estornar(id, original);
      expected = ledger.reverse(id, original);
      closed.push(original, id);
      stats.reversals++;
    } else {
      const original = pick(closed);
      command = estornar(id, original);
      expected = ledger.reverse(id, original);
    }

    const decision = decideStock(command, state);
    if (typeof expected === 'string') {
      expect(decision.ok, `step ${i}: expected refusal (${expected})`).toBe(false);
      stats.refusals++;
      continue;
    }
    if (!decision.ok) throw new Error(`step ${i}: refused ${JSON.stringify(decision.error)}`);
    state = decision.events.reduce<StockState>(evolveStock, state);
    const event = decision.events[0] as Extract<StockEvent, { type: 'MovimentoRegistrado.v1' }>;
    const p = ledger.position(event.data.local_id);

    // Balances are exact; averages and values are compared with the reference.
    if (math.sign(gap(event.data.saldo, p.saldo)) !== 0) {
      throw new Error(`step ${i}: saldo ${event.data.saldo} vs ${math.toNumber(p.saldo)}`);
    }
    for (const [decided, reference] of [
      [event.data.custo_medio, p.medio],
      [event.data.custo_medio_bruto, p.bruto],
    ] as const) {
      const error = gap(decided, reference);
      stats.maxAverageError = Math.max(stats.maxAverageError, abs(math.toNumber(error)));
      stats.maxValueError = Math.max(stats.maxValueError, abs(math.toNumber(math.mul(p.saldo, error))));
    }

    if (i % 25_000 === 24_999) {
      state = fromSnapshot(JSON.parse(JSON.stringify(toSnapshot(state))) as StockSnapshot) as StockState;
    }
  }
  return stats;
}

describe('average cost against an independent reference', () => {
  it('stays exact to the cent over 100,000 movements (60-place fixed point reference)', () => {
    const stats = run(fixed60, 100_000, 20250301);
    console.log(`[reference] ${fixed60.name}: ${JSON.stringify(stats)}`);
    expect(stats.reversals).toBeGreaterThan(10_000);
    expect(stats.refusals).toBeGreaterThan(1_000);
    // Half a cent would already be wrong; the rounding of averages at 16 places leaves
    // the location value many orders of magnitude closer than that.
    expect(stats.maxValueError).toBeLessThan(1e-6);
    expect(stats.maxAverageError).toBeLessThan(1e-9);
  });

  it('matches exact fractions over 1,000 movements', () => {
    const stats = run(exact, 1_000, 7);
    console.log(`[reference] ${exact.name}: ${JSON.stringify(stats)}`);
    expect(stats.maxValueError).toBeLessThan(1e-6);
    expect(stats.maxAverageError).toBeLessThan(1e-9);
  });
});
