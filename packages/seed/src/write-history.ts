import type {
  CatalogWriteModel,
  PurchasesWriteModel,
  StockWriteModel,
  WriteContext,
} from '@factory/write-model';
import type { CatalogPlan, ItemFields } from './catalog-plan.js';
import { DISTINCT_RUN, type MovementPlan, REVERSAL_REACH } from './movement-plan.js';
import type { PurchasePlan } from './purchase-plan.js';
import { type PurchaseCompany, purchaseWriter } from './write-purchases.js';

export interface SeedWriters {
  catalog: CatalogWriteModel;
  stock: StockWriteModel;
  purchases: PurchasesWriteModel;
}

/** The company written to: its id and locations, and what its purchases need. */
export type SeedTarget = PurchaseCompany;

export interface History {
  catalog: CatalogPlan;
  movements: Iterable<MovementPlan>;
  /** Orders, receipts and cancellations, in time order: written between the movements by time. */
  purchases: readonly PurchasePlan[];
  /** When the catalog is written: before the first movement. */
  catalogAt: Date;
}

export interface WriteOptions {
  /** Called after each command written. */
  onCommand?: () => void;
  /** Stops between two commands: what was written stays, consistent. */
  signal?: AbortSignal;
  /** Commands in flight at most: catalog records (16) and movements (`DISTINCT_RUN`). 1 and 1
   *  write one command at a time (the benchmark's baseline). */
  inFlight?: { catalog: number; movements: number };
}

/**
 * Writes one company's history through the write models, exactly as the API's commands would:
 * the catalog a few records at a time (records of one kind share one instant, so the log stays in
 * time order whatever order they commit in), then the movements, up to `DISTINCT_RUN` in flight
 * so they share appends. The stock's shared append groups a batch's events by stream, so
 * movements in flight are kept on distinct items (the plan makes them so, reversals included;
 * a repeat, or a reversal of a movement not yet committed, waits for what is in flight): the log
 * keeps the plan's order. Returns the number of commands written; any refusal is a bug of the
 * plan and throws.
 */
export async function writeHistory(
  writers: SeedWriters,
  target: SeedTarget,
  history: History,
  options: WriteOptions = {},
): Promise<{ comandos: number; interrompido: boolean }> {
  let comandos = 0;
  const written = () => {
    comandos += 1;
    options.onCommand?.();
  };
  const aborted = () => options.signal?.aborted === true;
  const context = (now: Date) => ({
    empresaId: target.empresaId,
    tokenId: null,
    requestId: null,
    idempotencyKey: null,
    now,
    canReadCosts: true,
  });
  const at = (minutes: number) => context(new Date(history.catalogAt.getTime() + minutes * 60_000));
  const { catalog } = history;
  const limits = options.inFlight ?? { catalog: CATALOG_IN_FLIGHT, movements: DISTINCT_RUN };
  const concurrently = <T, R>(items: readonly T[], work: (item: T) => Promise<R>) =>
    inParallel(items, limits.catalog, aborted, work);

  // Records of one kind are independent: written concurrently, at one instant per kind.
  const fornecedores = await concurrently(catalog.fornecedores, async (fields) => {
    const id = saved(await writers.catalog.fornecedoresLoteItem(at(0), fields), fields);
    written();
    return id;
  });
  if (fornecedores === null) return { comandos, interrompido: true };
  const insumos = await concurrently(catalog.insumos, async (item) => {
    const fields: ItemFields = {
      ...item.fields,
      fornecedor_padrao_id: item.fornecedor === null ? null : fornecedores[item.fornecedor],
    };
    const id = saved(await writers.catalog.insumosLoteItem(at(60), fields), fields);
    written();
    return id;
  });
  if (insumos === null) return { comandos, interrompido: true };
  const produtos = await concurrently(catalog.produtos, async (product) => {
    const id = saved(await writers.catalog.produtosLoteItem(at(120), product.fields), product.fields);
    written();
    return id;
  });
  if (produtos === null) return { comandos, interrompido: true };
  const bills = catalog.produtos.flatMap((product, i) =>
    product.bill.length > 0 ? [{ product, id: produtos[i]! }] : [],
  );
  const billsDone = await concurrently(bills, async ({ product, id }) => {
    const lines = product.bill.map((line) =>
      line.tipo === 'insumo'
        ? {
            tipo: 'insumo',
            insumo_id: insumos[line.insumo]!,
            consumo: line.consumo,
            perda_pct: line.perda_pct,
          }
        : {
            tipo: 'produto',
            componente_id: produtos[line.componente]!,
            consumo: line.consumo,
            perda_pct: line.perda_pct,
          },
    );
    const outcome = await writers.catalog.substituirFicha(at(180), id, lines);
    if (!outcome.ok) throw refusal('ficha', product.fields, outcome.error);
    written();
    return id;
  });
  if (billsDone === null) return { comandos, interrompido: true };

  // Movement ids by index in this history, kept only as far back as a reversal reaches.
  const ids = new Map<number, string>();
  // Registrations and reversals (told their item, so they skip the index read) reach the stock
  // write model's group commit as soon as they are called: in the plan's order.
  const submit = (plan: MovementPlan, own: number) => {
    const context = moveContext(target, plan.at);
    if (plan.kind === 'estornar') {
      const alvo = ids.get(plan.alvo);
      if (alvo === undefined)
        throw new Error(`semear: movement ${plan.alvo} (${own}) to reverse is not known`);
      return writers.stock.estornarMovimento(context, {
        movimento_id: alvo,
        insumo_id: insumos[plan.insumo]!,
        motivo: plan.motivo,
        origem: 'tela',
      });
    }
    const { kind: _kind, at: _at, insumo, local, ...fields } = plan;
    return writers.stock.registrarMovimento(context, {
      ...fields,
      insumo_id: insumos[insumo]!,
      local_id: target.locais[local],
    });
  };

  const inFlight = new Set<Promise<void>>();
  const busyItems = new Set<number>();
  let failure: unknown = null;
  let index = 0;
  const writePurchase = purchaseWriter(writers.purchases, target, catalog, { fornecedores, insumos });
  let nextPurchase = 0;
  // A purchase touches several items' streams: it waits for the movements in flight and is
  // written alone, so the log stays in time order (a history has about one per 500 movements).
  const purchasesUntil = async (until: number) => {
    while (nextPurchase < history.purchases.length && !aborted() && failure === null) {
      const purchase = history.purchases[nextPurchase]!;
      if (purchase.at.getTime() > until) return;
      await Promise.all(inFlight);
      if (failure !== null) return;
      nextPurchase += 1;
      await writePurchase(purchase);
      written();
    }
  };
  for (const plan of history.movements) {
    if (aborted() || failure !== null) break;
    await purchasesUntil(plan.at.getTime());
    if (aborted() || failure !== null) break;
    const own = index++;
    // A reversal whose movement is still in flight, or any movement on an item in flight,
    // waits for what is in flight (the plan makes both rare).
    const unsettled = plan.kind === 'estornar' && !ids.has(plan.alvo);
    if (busyItems.has(plan.insumo) || unsettled) await Promise.all(inFlight);
    if (failure !== null) break;
    if (inFlight.size >= limits.movements) await Promise.race(inFlight);
    busyItems.add(plan.insumo);
    const submitted = submit(plan, own)
      .then((outcome) => {
        if (!outcome.ok)
          throw refusal(plan.kind === 'estornar' ? 'estorno' : 'movimento', plan, outcome.error);
        if (plan.kind === 'estornar') ids.delete(plan.alvo);
        else ids.set(own, outcome.movimento.movimento_id);
        ids.delete(own - REVERSAL_REACH);
        written();
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => {
        inFlight.delete(submitted);
        busyItems.delete(plan.insumo);
      });
    inFlight.add(submitted);
  }
  await Promise.all(inFlight);
  if (failure !== null) throw failure;
  await purchasesUntil(Number.POSITIVE_INFINITY);
  return { comandos, interrompido: aborted() };
}

/** Catalog commands in flight at once. */
const CATALOG_IN_FLIGHT = 16;

/** `work` over `items`, `limit` at a time; results in the items' order; null once aborted. */
async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  aborted: () => boolean,
  work: (item: T) => Promise<R>,
): Promise<R[] | null> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !aborted()) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return next < items.length || aborted() ? null : results;
}

function moveContext(target: SeedTarget, now: Date): WriteContext {
  return { empresaId: target.empresaId, tokenId: null, requestId: null, idempotencyKey: null, now };
}

function saved(
  outcome: { ok: true; id: string } | { ok: false; error: unknown },
  fields: ItemFields,
): string {
  if (!outcome.ok) throw refusal('cadastro', fields, outcome.error);
  return outcome.id;
}

function refusal(what: string, input: unknown, error: unknown): Error {
  return new Error(`semear: ${what} recusado: ${JSON.stringify(error)} (${JSON.stringify(input)})`);
}
