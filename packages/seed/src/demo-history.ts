import type { Pool } from '@factory/database';
import type { TaxProfile } from '@factory/domain';
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
  // What its purchases need: the invoices' recipient, its tax profile and its calendar.
  const company = (
    await pool.query<{
      cnpj: string;
      fuso: string;
      hora_virada: string;
      regime_tributario: TaxProfile['regimeTributario'];
      contribuinte_ipi: boolean;
    }>('SELECT cnpj, fuso, hora_virada, regime_tributario, contribuinte_ipi FROM empresas WHERE id = $1', [
      empresaId,
    ])
  ).rows[0]!;
  const target = {
    empresaId,
    locais,
    cnpj: company.cnpj,
    perfil: { regimeTributario: company.regime_tributario, contribuinteIpi: company.contribuinte_ipi },
    calendar: { fuso: company.fuso, horaVirada: company.hora_virada },
  };
  const catalog = planCatalog(Random.derive('demo', 'catalogo'), DEMO_HISTORY);
  const written = await writeCompanyHistory(createWriters(pool, store), target, catalog, {
    movimentos: DEMO_HISTORY.movimentos,
    now,
    seed: 'demo',
  });
  return written.comandos;
}
