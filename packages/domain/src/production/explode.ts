import type { LinhaDaFicha } from '../catalog/bill/events.js';
import { type Dec, type DecimalText, dec, toText } from '../stock/money.js';

/** What explosion reads of a bill line (stored form: supply items in their consumption unit). */
export type ExplosionLine = Pick<
  LinhaDaFicha,
  'tipo' | 'insumo_id' | 'componente_id' | 'consumo' | 'perda_pct'
>;

/** The company's active bills, by product id. A product absent here has no active bill. */
export type ActiveBills = ReadonlyMap<string, readonly ExplosionLine[]>;

export interface Explosion {
  /** Supply item id → quantity consumed, in its consumption unit, exact; in first-reached order. */
  consumo: Map<string, Dec>;
  /**
   * Products reached without an active bill (the exploded product itself, or a component),
   * in first-reached order: what they consume is unknown. The plan leaves them out; a
   * production record is refused for them.
   */
  semFicha: string[];
}

/**
 * What producing `quantidade` units of `produtoId` consumes, exploding every level of the
 * active bills: a line consumes `quantity × consumo × (1 + perda_pct)`; a component product
 * line is exploded in turn for that many units; quantities of the same supply item reached
 * through several paths are summed. Loss compounds down the levels, as the bill's cost does.
 * Throws on a cycle of bills (the bill deciders refuse them).
 */
export function explode(bills: ActiveBills, produtoId: string, quantidade: DecimalText | Dec): Explosion {
  const consumo = new Map<string, Dec>();
  const semFicha: string[] = [];
  const path = new Set<string>();

  const visit = (product: string, units: Dec): void => {
    const lines = bills.get(product);
    if (lines === undefined) {
      if (!semFicha.includes(product)) semFicha.push(product);
      return;
    }
    if (path.has(product)) throw new Error(`ciclo nas fichas técnicas passando por ${product}`);
    path.add(product);
    for (const line of lines) {
      const amount = units.times(dec(line.consumo)).times(dec(line.perda_pct).plus(1));
      if (line.tipo === 'insumo' && line.insumo_id !== null) {
        consumo.set(line.insumo_id, consumo.get(line.insumo_id)?.plus(amount) ?? amount);
      } else if (line.componente_id !== null) {
        visit(line.componente_id, amount);
      }
    }
    path.delete(product);
  };

  visit(produtoId, typeof quantidade === 'string' ? dec(quantidade) : quantidade);
  return { consumo, semFicha };
}

/** A line of a day plan or anything that produces a product at a location. */
export interface ProductionLine {
  produto_id: string;
  quantidade: DecimalText;
  local_id: string;
}

/** What a set of productions consumes, per supply item and location. */
export interface Need {
  insumo_id: string;
  local_id: string;
  quantidade: DecimalText;
}

/**
 * The needs of a day plan: every line exploded (components without an active bill add
 * nothing), summed per supply item and location, ordered by `insumo_id`, then `local_id`.
 */
export function needsOf(bills: ActiveBills, lines: readonly ProductionLine[]): Need[] {
  const sums = new Map<string, { insumo_id: string; local_id: string; quantidade: Dec }>();
  for (const line of lines) {
    for (const [insumo_id, amount] of explode(bills, line.produto_id, line.quantidade).consumo) {
      const key = `${insumo_id}|${line.local_id}`;
      const known = sums.get(key);
      sums.set(key, {
        insumo_id,
        local_id: line.local_id,
        quantidade: known ? known.quantidade.plus(amount) : amount,
      });
    }
  }
  return [...sums.values()]
    .sort((a, b) => compare(a.insumo_id, b.insumo_id) || compare(a.local_id, b.local_id))
    .map((n) => ({ insumo_id: n.insumo_id, local_id: n.local_id, quantidade: toText(n.quantidade) }));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
