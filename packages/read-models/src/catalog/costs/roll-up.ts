import { minus, plus, times } from '@factory/domain/exact';
import {
  type CostLine,
  type CostState,
  indexLines,
  type Pair,
  type ProductNode,
  samePair,
  sameShown,
  shownOf,
  unitCostOf,
  ZERO_PAIR,
} from './cost-state.js';

/**
 * The roll-up over a batch's cost state (cost-state.ts). Every change goes through `change`,
 * which compares the node's unit cost before and after and, when it moved, carries the
 * difference to every product whose active bill consumes the node at any depth. A bill's cost
 * is linear in its parts' costs, so adding quantity × difference, components before the
 * products consuming them, gives exactly what summing the bill again would, for a fraction of
 * the work. A product's `atualizado_em` moves to the causing event's instant only when a value
 * it shows changed.
 */
export class RollUp {
  readonly #instants = new Map<string, number>();

  constructor(readonly state: CostState) {}

  /** What one unit of the node costs a bill: an item's unit cost, a product's exact bill cost or custo_manual. */
  nodeCost(key: string): Pair {
    const product = this.state.products.get(key);
    if (product !== undefined) {
      if (product.exact !== null) return product.exact;
      const manual = product.manual ?? ZERO_PAIR.custo;
      return { custo: manual, bruto: manual };
    }
    const item = this.state.items.get(key);
    if (item !== undefined) return unitCostOf(item);
    return this.state.fixed.get(key) ?? ZERO_PAIR;
  }

  billCost(lines: readonly CostLine[]): Pair {
    let total = ZERO_PAIR;
    for (const line of lines) total = addTimes(total, line.quantidade, this.nodeCost(line.parte));
    return total;
  }

  /** Applies `mutate` to node `key` at instant `at`, then re-costs its consumers if its unit cost moved. */
  change(key: string, at: string, mutate: () => void): void {
    const before = this.nodeCost(key);
    mutate();
    const after = this.nodeCost(key);
    if (!samePair(before, after))
      this.#propagate(
        key,
        { custo: minus(after.custo, before.custo), bruto: minus(after.bruto, before.bruto) },
        at,
      );
  }

  /** Replaces a product's active bill (null: none), keeping the consumers index in step. */
  setBill(product: ProductNode, key: string, lines: CostLine[] | null, at: string): void {
    indexLines(this.state, key, product.lines ?? [], -1);
    indexLines(this.state, key, lines ?? [], 1);
    product.lines = lines;
    product.exact = lines === null ? null : this.billCost(lines);
    product.write = true;
    this.#refreshShown(product, at);
  }

  #propagate(changed: string, delta: Pair, at: string): void {
    const deltas = new Map<string, Pair>([[changed, delta]]);
    for (const key of this.#upwards(changed)) {
      const d = deltas.get(key)!;
      if (key !== changed) {
        const product = this.state.products.get(key)!;
        product.exact = {
          custo: plus(product.exact!.custo, d.custo),
          bruto: plus(product.exact!.bruto, d.bruto),
        };
        product.write = true;
        this.#refreshShown(product, at);
      }
      for (const [consumer, quantity] of this.state.consumers.get(key) ?? [])
        deltas.set(consumer, addTimes(deltas.get(consumer) ?? ZERO_PAIR, quantity, d));
    }
  }

  /** `from` and every consumer above it, each after all of its parts among them (reverse DFS postorder). */
  #upwards(from: string): string[] {
    const seen = new Set<string>([from]);
    const postorder: string[] = [];
    const stack: Array<[string, Iterator<string>]> = [[from, this.#consumersOf(from)]];
    while (stack.length > 0) {
      const [key, next] = stack.at(-1)!;
      const step = next.next();
      if (step.done) {
        postorder.push(key);
        stack.pop();
      } else if (!seen.has(step.value)) {
        seen.add(step.value);
        stack.push([step.value, this.#consumersOf(step.value)]);
      }
    }
    return postorder.reverse();
  }

  #consumersOf = (key: string): Iterator<string> => (this.state.consumers.get(key) ?? new Map()).keys();

  #refreshShown(product: ProductNode, at: string): void {
    const shown = shownOf(product.exact);
    if (sameShown(shown, product.shown)) return;
    product.shown = shown;
    product.touchedAt = this.#later(product.touchedAt, at);
    product.write = true;
  }

  /** The later instant (`a` on a tie), each event instant parsed once per batch. */
  #later(a: string | null, b: string): string {
    if (a === null) return b;
    return this.#ms(b) > this.#ms(a) ? b : a;
  }

  #ms(instant: string): number {
    let ms = this.#instants.get(instant);
    if (ms === undefined) {
      ms = Date.parse(instant);
      this.#instants.set(instant, ms);
    }
    return ms;
  }
}

const addTimes = (total: Pair, quantity: Pair['custo'], unit: Pair): Pair => ({
  custo: plus(total.custo, times(quantity, unit.custo)),
  bruto: plus(total.bruto, times(quantity, unit.bruto)),
});
