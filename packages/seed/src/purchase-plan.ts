import { Dec } from '@factory/domain';
import type { GeneratedItem } from '@factory/nfe';
import type { CatalogPlan } from './catalog-plan.js';
import type { LocalKind } from './movement-plan.js';
import type { Random } from './random.js';

/** A purchase order: `ordem` names it for the receipts and the cancellation that follow. */
export interface OrderPlan {
  kind: 'pedido';
  at: Date;
  ordem: number;
  fornecedor: number;
  local: LocalKind;
  /** Quantities in the supply item's purchase unit; prices per purchase unit, 4 places. */
  linhas: Array<{ insumo: number; quantidade: number; preco: string }>;
}

/** A received supplier invoice, of an order (`ordem`) or of none. */
export interface ReceiptPlan {
  kind: 'nota';
  at: Date;
  ordem: number | null;
  fornecedor: number;
  local: LocalKind;
  /** The invoice's `nNF`, per supplier in issue order. */
  numero: number;
  /** `dhEmi`: the day before the receipt, São Paulo time. */
  emitidaEm: string;
  /** `itens[i]` is supply item `insumos[i]`, in its purchase unit (so `fator` defaults). */
  insumos: number[];
  itens: GeneratedItem[];
}

export interface CancelPlan {
  kind: 'cancelar';
  at: Date;
  ordem: number;
  motivo: string;
}

export type PurchasePlan = OrderPlan | ReceiptPlan | CancelPlan;

/**
 * What becomes of order `k`: the first five orders go through every state the lists show
 * (received in one invoice, partly received, received in two, open with an invoice of no
 * order beside it, cancelled after a partial receipt), and so on in turn.
 */
const FATES = ['recebido', 'parcial', 'recebido_em_duas', 'aberto', 'cancelado'] as const;

const DAY = 86_400_000;

/** IBGE state codes (the access key's `cUF`) of the suppliers' states. */
const CUF: Readonly<Record<string, string>> = {
  SP: '35',
  SC: '42',
  PR: '41',
  MG: '31',
  RS: '43',
  GO: '52',
  CE: '23',
  PE: '26',
  RJ: '33',
};

/** Purchase orders a history of `movimentos` movements has: 1 per 1000, at least 5 (one of each fate). */
export function plannedOrders(movimentos: number): number {
  return movimentos === 0 ? 0 : Math.min(500, Math.max(FATES.length, Math.round(movimentos / 1000)));
}

/**
 * `orders` purchase orders of active suppliers over `window`, each with its receipts (generated,
 * well-formed invoices whose taxes follow the supplier's regime: ICMS, IPI, ST, freight and
 * discounts for a `normal` one, the Simples credit for a `simples` one) or its cancellation, all
 * in time order. Pure: the same source gives the same plan.
 */
export function planPurchases(
  random: Random,
  catalog: CatalogPlan,
  orders: number,
  window: { start: Date; end: Date },
): PurchasePlan[] {
  const suppliers = catalog.fornecedores.flatMap((s, i) => (s.ativo === false ? [] : [i]));
  if (suppliers.length === 0 || catalog.insumos.length === 0 || orders === 0) return [];
  const span = window.end.getTime() - window.start.getTime();
  const invoiceNumbers = suppliers.map(() => random.int(1_000, 90_000));
  const nextInvoice = (fornecedor: number) => {
    const slot = suppliers.indexOf(fornecedor);
    invoiceNumbers[slot]! += random.int(1, 40);
    return invoiceNumbers[slot]!;
  };
  const plans: PurchasePlan[] = [];
  const receipt = (
    at: Date,
    ordem: number | null,
    fornecedor: number,
    local: LocalKind,
    lines: Array<{ insumo: number; quantidade: number; preco: string }>,
  ): ReceiptPlan => ({
    kind: 'nota',
    at,
    ordem,
    fornecedor,
    local,
    numero: nextInvoice(fornecedor),
    emitidaEm: emissionOf(at),
    insumos: lines.map((l) => l.insumo),
    itens: lines.map((l) => invoiceItem(random, catalog, fornecedor, l)),
  });
  for (let k = 0; k < orders; k++) {
    const fate = FATES[k % FATES.length]!;
    // Orders spread over the window's first 90%, so their receipts land inside it.
    const at = new Date(window.start.getTime() + Math.floor(span * 0.9 * ((k + random.next()) / orders)));
    const fornecedor = random.pick(suppliers);
    const local: LocalKind = random.weighted({ deposito: 6, fabrica: 3, terceiro: 1 });
    const linhas = orderLines(random, catalog, fornecedor);
    plans.push({ kind: 'pedido', at, ordem: k, fornecedor, local, linhas });
    const later = (days: number) =>
      new Date(Math.min(at.getTime() + days * DAY + random.int(1, 600) * 60_000, window.end.getTime() - 1));
    if (fate === 'recebido') plans.push(receipt(later(random.int(2, 10)), k, fornecedor, local, linhas));
    else if (fate === 'parcial' || fate === 'cancelado' || fate === 'recebido_em_duas') {
      const first = linhas.map((l) => ({ ...l, quantidade: Math.max(1, Math.floor(l.quantidade / 2)) }));
      // A partial receipt leaves the last line out when there are several.
      const sent = first.length > 1 ? first.slice(0, -1) : first;
      const partialAt = later(random.int(2, 6));
      plans.push(receipt(partialAt, k, fornecedor, local, sent));
      if (fate === 'recebido_em_duas') {
        const rest = linhas.flatMap((l) => {
          const got = sent.find((s) => s.insumo === l.insumo)?.quantidade ?? 0;
          return l.quantidade > got ? [{ ...l, quantidade: l.quantidade - got }] : [];
        });
        plans.push(receipt(later(random.int(7, 12)), k, fornecedor, local, rest));
      }
      if (fate === 'cancelado')
        plans.push({
          kind: 'cancelar',
          at: later(random.int(13, 20)),
          ordem: k,
          motivo: 'Fornecedor sem estoque',
        });
    } else {
      // An invoice nobody ordered (a sample, a replacement): received with no order.
      const extra = orderLines(random, catalog, fornecedor).slice(0, 2);
      plans.push(receipt(later(random.int(1, 5)), null, fornecedor, local, extra));
    }
  }
  return plans.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** One to six distinct supply items, the supplier's own first, in purchase units. */
function orderLines(random: Random, catalog: CatalogPlan, fornecedor: number): OrderPlan['linhas'] {
  const own = catalog.insumos.flatMap((item, i) => (item.fornecedor === fornecedor ? [i] : []));
  const pool = own.length > 0 ? own : catalog.insumos.map((_, i) => i);
  const wanted = Math.min(pool.length, random.int(1, 6));
  const chosen = new Set<number>();
  while (chosen.size < wanted) chosen.add(random.pick(pool));
  return [...chosen].map((insumo) => {
    const item = catalog.insumos[insumo]!;
    return {
      insumo,
      quantidade: random.int(2, 20),
      preco: (item.cost * item.factor * (0.9 + 0.2 * random.next())).toFixed(4),
    };
  });
}

/** The invoice item of one line: the supplier's code and unit, its price and its taxes. */
function invoiceItem(
  random: Random,
  catalog: CatalogPlan,
  fornecedor: number,
  line: { insumo: number; quantidade: number; preco: string },
): GeneratedItem {
  const item = catalog.insumos[line.insumo]!;
  const vProd = new Dec(line.quantidade).times(line.preco).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
  const part = (rate: number | string) => vProd.times(rate).toFixed(2, Dec.ROUND_HALF_UP);
  const simples = catalog.fornecedores[fornecedor]!.regime === 'simples';
  const generated: GeneratedItem = {
    cProd: `${String(fornecedor + 1).padStart(3, '0')}-${String(line.insumo + 1).padStart(5, '0')}`,
    xProd: String(item.fields.nome),
    ncm: String(item.fields.ncm),
    cfop: random.chance(0.8) ? '5101' : '6101',
    uCom: String(item.fields.unidade_compra),
    qCom: String(line.quantidade),
    vUnCom: line.preco,
  };
  if (random.chance(0.3)) generated.vFrete = part(random.decimal(0.01, 0.05, 3));
  if (random.chance(0.2)) generated.vDesc = part(random.decimal(0.01, 0.05, 3));
  if (simples) {
    if (random.chance(0.6)) generated.icms = { vCredICMSSN: part(random.decimal(0.0125, 0.04, 4)) };
    if (random.chance(0.2)) generated.vIPI = part('0.05');
  } else {
    generated.icms = { vICMS: part(random.pick(['0.07', '0.12', '0.18'])) };
    if (random.chance(0.15)) generated.icms = { ...generated.icms, vICMSST: part('0.06') };
    if (random.chance(0.5)) generated.vIPI = part(random.pick(['0.05', '0.1']));
  }
  return generated;
}

/** `dhEmi` a day before `at`, in São Paulo's offset (no daylight saving since 2019). */
function emissionOf(at: Date): string {
  const local = new Date(at.getTime() - DAY - 3 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

/** The access key's state code of a supplier's `uf` (SP when unknown). */
export function cUfOf(uf: unknown): string {
  return (typeof uf === 'string' ? CUF[uf] : undefined) ?? '35';
}
