import { describe, expect, it } from 'vitest';
import { planCatalog } from './catalog-plan.js';
import { distinctRun, type MovementPlan, planMovements, REVERSAL_REACH } from './movement-plan.js';
import { Random } from './random.js';

const window = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-07-01T00:00:00Z') };

function plan(insumos: number, count: number): MovementPlan[] {
  const catalog = planCatalog(new Random('c'), { produtos: 10, insumos, fornecedores: 2 });
  return [...planMovements(new Random('m'), catalog, count, window)];
}

describe('planMovements', () => {
  it('keeps what the runner and the domain rely on', () => {
    for (const insumos of [3, 40, 300]) {
      const movements = plan(insumos, 4_000);
      expect(movements).toHaveLength(4_000);
      const run = distinctRun(insumos);
      const reversed = new Set<number>();
      const moved = new Set<string>();
      const since: number[] = []; // items of the flow movements so far (reversals included)
      movements.forEach((m, i) => {
        if (i > 0) expect(m.at.getTime()).toBeGreaterThanOrEqual(movements[i - 1]!.at.getTime());
        expect(m.at >= window.start && m.at < window.end).toBe(true);
        if (m.kind === 'estornar') {
          const target = movements[m.alvo]!;
          expect(m.alvo).toBeLessThan(i);
          expect(i - m.alvo).toBeLessThan(REVERSAL_REACH);
          expect(
            target.kind === 'registrar' && !['saldo_inicial', 'baixa_producao'].includes(target.tipo),
          ).toBe(true);
          expect(reversed.has(m.alvo)).toBe(false);
          reversed.add(m.alvo);
          // older than what a runner has in flight, on an item not among the last moved
          expect(i - m.alvo).toBeGreaterThan(run);
          expect(m.insumo).toBe((target as { insumo: number }).insumo);
          expect(since.slice(since.length - (run - 1)).includes(m.insumo)).toBe(false);
          since.push(m.insumo);
          return;
        }
        const pair = `${m.insumo}:${m.local}`;
        if (m.tipo === 'saldo_inicial') expect(moved.has(pair)).toBe(false);
        moved.add(pair);
        expect(Number(m.quantidade)).not.toBe(0);
        if (m.tipo !== 'saldo_inicial') {
          // no item twice among `run` consecutive flow movements, reversals included
          expect(since.slice(since.length - (run - 1)).includes(m.insumo)).toBe(false);
          since.push(m.insumo);
        }
      });
      expect(reversed.size).toBeGreaterThan(0);
    }
  });

  it('plans for a company with one supply item, where no item can wait its run', () => {
    const movements = plan(1, 300);
    expect(movements).toHaveLength(300);
    expect(movements.every((m) => m.insumo === 0)).toBe(true);
  });

  it('is the same for one seed', () => {
    expect(plan(40, 500)).toEqual(plan(40, 500));
  });
});
