import type { Pool } from '@factory/database';
import type { EventStore } from '@factory/event-store';
import { listLocations } from '@factory/tenants';
import { planCatalog } from './catalog-plan.js';
import type { LocalKind } from './movement-plan.js';
import { Random } from './random.js';
import { createWriters, type HistorySize, writeCompanyHistory } from './semear.js';

/** Small enough to write in a second or two at start-up, large enough for every list to show. */
export const DEMO_HISTORY: HistorySize = { fornecedores: 4, insumos: 24, produtos: 12, movimentos: 400 };

/**
 * Gives the single-machine demo company a small history, unless it has a catalog already (a
 * second start, or a history cut short: the demo is for looking around, not to be complete).
 */
export async function seedDemoHistory(
  pool: Pool,
  store: EventStore,
  empresaId: string,
  now: Date,
): Promise<number> {
  const { rows } = await pool.query(
    `SELECT EXISTS (SELECT 1 FROM catalog_suppliers WHERE empresa_id = $1)
         OR EXISTS (SELECT 1 FROM catalog_supply_items WHERE empresa_id = $1) AS seeded`,
    [empresaId],
  );
  if (rows[0].seeded) return 0;
  const locais = Object.fromEntries(
    (await listLocations(pool, empresaId)).map((l) => [l.tipo, l.id]),
  ) as Record<LocalKind, string>;
  const catalog = planCatalog(Random.derive('demo', 'catalogo'), DEMO_HISTORY);
  const written = await writeCompanyHistory(createWriters(pool, store), { empresaId, locais }, catalog, {
    movimentos: DEMO_HISTORY.movimentos,
    now,
    seed: 'demo',
  });
  return written.comandos;
}
