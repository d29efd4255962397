import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * One registry per process, every series labelled with the app that produced it, plus Node's
 * own metrics (event loop lag, heap, GC). Nothing registered here carries a token or an amount.
 */
export function createRegistry(app: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ app });
  collectDefaultMetrics({ register: registry });
  return registry;
}
