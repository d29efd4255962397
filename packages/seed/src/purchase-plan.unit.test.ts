import { describe, expect, it } from 'vitest';
import { planCatalog } from './catalog-plan.js';
import { type OrderPlan, plannedOrders, planPurchases } from './purchase-plan.js';
import { Random } from './random.js';

const window = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-07-01T00:00:00Z') };
const catalog = planCatalog(new Random('c'), { produtos: 10, insumos: 40, fornecedores: 4 });

describe('planPurchases', () => {
  it('keeps what the writer and the purchases decisions rely on', () => {
    const plan = planPurchases(new Random('p'), catalog, 23, window);
    expect(planPurchases(new Random('p'), catalog, 23, window)).toEqual(plan);
    const created = new Map<number, { at: Date; insumos: number[]; fornecedor: number }>();
    const numbers = new Set<string>();
    plan.forEach((step, i) => {
      if (i > 0) expect(step.at.getTime()).toBeGreaterThanOrEqual(plan[i - 1]!.at.getTime());
      expect(step.at >= window.start && step.at < window.end).toBe(true);
      if (step.kind === 'pedido') {
        expect(catalog.fornecedores[step.fornecedor]!.ativo).not.toBe(false);
        const insumos = step.linhas.map((l) => l.insumo);
        expect(new Set(insumos).size).toBe(insumos.length); // each supply item once
        created.set(step.ordem, { at: step.at, insumos, fornecedor: step.fornecedor });
        return;
      }
      if (step.ordem !== null) {
        const order = created.get(step.ordem)!;
        expect(order.at.getTime()).toBeLessThanOrEqual(step.at.getTime());
        if (step.kind === 'nota') {
          expect(step.fornecedor).toBe(order.fornecedor);
          for (const insumo of step.insumos) expect(order.insumos).toContain(insumo);
        }
      }
      if (step.kind === 'nota') {
        // One access key per supplier and number; the items in the supply item's purchase unit.
        const key = `${step.fornecedor}/${step.numero}`;
        expect(numbers.has(key)).toBe(false);
        numbers.add(key);
        step.itens.forEach((item, n) => {
          expect(item.uCom).toBe(catalog.insumos[step.insumos[n]!]!.fields.unidade_compra);
          expect(Number(item.qCom)).toBeGreaterThan(0);
        });
        expect(new Date(step.emitidaEm).getTime()).toBeLessThan(step.at.getTime());
      }
    });
    expect(created.size).toBe(23);
  });

  it('sends an order to each fate and its receipts with it', () => {
    const plan = planPurchases(new Random('p'), catalog, 5, window);
    const steps = (ordem: number) =>
      plan
        .filter((s) => s.ordem === ordem)
        .map((s) => (s.kind === 'nota' ? `nota ${s.itens.length}` : s.kind));
    const lines = (ordem: number) =>
      plan.find((s): s is OrderPlan => s.kind === 'pedido' && s.ordem === ordem)!.linhas.length;
    expect(steps(0)).toEqual(['pedido', `nota ${lines(0)}`]);
    expect(steps(1)[0]).toBe('pedido');
    expect(steps(1)).toHaveLength(2);
    expect(steps(2)).toHaveLength(3);
    expect(steps(3)).toEqual(['pedido']);
    expect(steps(4).at(-1)).toBe('cancelar');
    expect(plan.filter((s) => s.kind === 'nota' && s.ordem === null)).toHaveLength(1);
  });

  it('plans none without movements or active suppliers, and one order per 1000 movements', () => {
    expect(plannedOrders(0)).toBe(0);
    expect(plannedOrders(400)).toBe(5);
    expect(plannedOrders(50_000)).toBe(50);
    const inactive = { ...catalog, fornecedores: catalog.fornecedores.map((f) => ({ ...f, ativo: false })) };
    expect(planPurchases(new Random('p'), inactive, 5, window)).toEqual([]);
  });
});
