/**
 * The company's active bills as a graph: product id → the ids its active bill consumes
 * directly (supply items and component products). The caller builds it from the bills
 * read model; supply items never have an entry, so one graph serves both the cycle check
 * (which only follows products) and the search for dependents.
 */
export type BillGraph = ReadonlyMap<string, readonly string[]>;

/** Whether `target` is `from` or is consumed by `from`'s bill at any depth. */
export function reaches(graph: BillGraph, from: string, target: string): boolean {
  const seen = new Set<string>();
  const pending = [from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (id === target) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.get(id) ?? []));
  }
  return false;
}

/**
 * Every product whose active bill depends on one of `changed` (supply items or products),
 * directly or through components: the products whose costs a change of `changed` moves.
 * The changed ids themselves are not included (in an acyclic graph nothing leads back).
 */
export function dependentsOf(graph: BillGraph, changed: Iterable<string>): Set<string> {
  const consumers = new Map<string, string[]>();
  for (const [product, parts] of graph) {
    for (const part of parts) consumers.set(part, [...(consumers.get(part) ?? []), product]);
  }
  const found = new Set<string>();
  const pending = [...changed];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    for (const consumer of consumers.get(id) ?? []) {
      if (found.has(consumer)) continue;
      found.add(consumer);
      pending.push(consumer);
    }
  }
  return found;
}
