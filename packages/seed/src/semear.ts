import type { Pool } from '@factory/database';
import type { EventStore } from '@factory/event-store';
import {
  createCatalogWriteModel,
  createPurchasesWriteModel,
  createStockWriteModel,
  createWriteStore,
} from '@factory/write-model';
import { type CatalogSize, planCatalog } from './catalog-plan.js';
import { countingAppends } from './counting-appends.js';
import { openingBalancesEnd, planMovements } from './movement-plan.js';
import { plannedOrders, planPurchases } from './purchase-plan.js';
import { Random } from './random.js';
import { createSeedCompany } from './seed-company.js';
import { HISTORY_DAYS, historyWindow } from './seed-window.js';
import { type SeedTarget, type SeedWriters, type WriteOptions, writeHistory } from './write-history.js';

export interface HistorySize extends CatalogSize {
  movimentos: number;
}

export interface SemearOptions extends HistorySize {
  empresas: number;
  semente: string;
  now: Date;
  /** Called after each command written, with the count so far and the total planned. */
  onProgress?: (written: number, total: number) => void;
  signal?: AbortSignal;
  /** See `WriteOptions.inFlight`. */
  inFlight?: WriteOptions['inFlight'];
  /** The log to write to; the PostgreSQL store on `pool` by default. */
  store?: EventStore;
}

export interface SemearResult {
  empresas: Array<{ id: string; nome: string; token: string }>;
  eventos: number;
  interrompido: boolean;
}

/** Commands a history of this size runs: one per record, bill, movement and purchase step. */
export function plannedCommands(size: HistorySize, catalog = planCatalog(new Random('count'), size)): number {
  const bills = catalog.produtos.filter((p) => p.bill.length > 0).length;
  // How many steps follow from the number of orders, not from the draws nor the window.
  const purchases = planPurchases(new Random('count'), catalog, plannedOrders(size.movimentos), {
    start: new Date(0),
    end: new Date(HISTORY_DAYS * 86_400_000),
  }).length;
  return size.fornecedores + size.insumos + size.produtos + bills + size.movimentos + purchases;
}

/**
 * `semear` (operations.md, "Seed data"): companies with a realistic history written through the
 * write models. Company `n` of seed `s` draws from its own sources (`s/n/...`), so the same seed
 * gives the same histories, whatever else runs.
 */
export async function semear(pool: Pool, options: SemearOptions): Promise<SemearResult> {
  const counted = countingAppends(options.store ?? createWriteStore({ pool }));
  const writers = createWriters(pool, counted.store);
  const plans = Array.from({ length: options.empresas }, (_, n) =>
    planCatalog(Random.derive(options.semente, `${n}/catalogo`), options),
  );
  const total = plans.reduce((sum, catalog) => sum + plannedCommands(options, catalog), 0);
  const result: SemearResult = { empresas: [], eventos: 0, interrompido: false };
  let done = 0;
  for (const [n, catalog] of plans.entries()) {
    if (options.signal?.aborted) break;
    const company = await createSeedCompany(
      pool,
      Random.derive(options.semente, `${n}/empresa`),
      n,
      options.now,
    );
    result.empresas.push({ id: company.id, nome: company.nome, token: company.token });
    const target = {
      empresaId: company.id,
      locais: company.locais,
      cnpj: company.cnpj,
      perfil: company.perfil,
      calendar: company.calendar,
    };
    const written = await writeCompanyHistory(writers, target, catalog, {
      movimentos: options.movimentos,
      now: options.now,
      seed: `${options.semente}/${n}`,
      signal: options.signal,
      inFlight: options.inFlight,
      onCommand: () => options.onProgress?.(++done, total),
    });
    if (written.interrompido) break;
  }
  result.eventos = counted.events();
  result.interrompido = options.signal?.aborted === true;
  return result;
}

export function createWriters(pool: Pool, store: EventStore): SeedWriters {
  return {
    catalog: createCatalogWriteModel({ pool, store }),
    stock: createStockWriteModel({ pool, store }),
    purchases: createPurchasesWriteModel({ pool, store }),
  };
}

/**
 * One company's catalog, movements and purchases (`plannedOrders` orders with their receipts)
 * over the history window that ends before `now`.
 */
export function writeCompanyHistory(
  writers: SeedWriters,
  target: SeedTarget,
  catalog: ReturnType<typeof planCatalog>,
  options: { movimentos: number; now: Date; seed: string } & WriteOptions,
) {
  const window = historyWindow(options.now);
  return writeHistory(
    writers,
    target,
    {
      catalog,
      catalogAt: window.catalogAt,
      movements: planMovements(
        Random.derive(options.seed, 'movimentos'),
        catalog,
        options.movimentos,
        window,
      ),
      // After the opening balances, which must be each item's first movement at its location.
      purchases: planPurchases(
        Random.derive(options.seed, 'compras'),
        catalog,
        plannedOrders(options.movimentos),
        {
          start: openingBalancesEnd(catalog, options.movimentos, window),
          end: window.end,
        },
      ),
    },
    { onCommand: options.onCommand, signal: options.signal, inFlight: options.inFlight },
  );
}
