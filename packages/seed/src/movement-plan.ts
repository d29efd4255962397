import type { CatalogPlan } from './catalog-plan.js';
import type { Random } from './random.js';
import { MOTIVOS } from './vocabulary.js';

export type LocalKind = 'fabrica' | 'deposito' | 'terceiro';

export interface RegisterPlan {
  kind: 'registrar';
  at: Date;
  insumo: number;
  local: LocalKind;
  tipo: 'saldo_inicial' | 'entrada_nfe' | 'entrada_manual' | 'baixa_producao' | 'perda' | 'ajuste';
  quantidade: string;
  /** The purchase unit when the quantity is in it; null: the consumption unit. */
  unidade: string | null;
  custo_unitario: string | null;
  custo_unitario_bruto: string | null;
  referencia: string | null;
  motivo: string | null;
  origem: 'tela' | 'nfe' | 'producao' | 'inventario';
}

export interface ReversePlan {
  kind: 'estornar';
  at: Date;
  /**
   * Index (in this history) of the movement reversed: an earlier, unreversed registration, never
   * an opening balance nor a production outflow.
   */
  alvo: number;
  /** The reversed movement's item. */
  insumo: number;
  motivo: string;
}

export type MovementPlan = RegisterPlan | ReversePlan;

/** A reversal names a movement at most this far back, so a runner keeps only recent ids. */
export const REVERSAL_REACH = 500;

/**
 * Consecutive movements name different items, up to this many in a row (fewer in a small
 * catalog): a runner can have that many in flight, on as many streams, and the log (whose shared
 * appends group a batch's events by stream) still keeps the plan's order.
 */
export const DISTINCT_RUN = 64;

const LOCAIS: readonly LocalKind[] = ['deposito', 'fabrica', 'terceiro'];
const FLOW = {
  entrada_nfe: 22,
  entrada_manual: 4,
  baixa_producao: 52,
  perda: 6,
  ajuste: 8,
  estorno: 3,
} as const;

interface Reversible {
  index: number;
  insumo: number;
  local: LocalKind;
  /** Signed, in consumption units. */
  delta: number;
}

/** How many of `count` movements are opening balances: at most 15 %, two per supply item. */
const openingCount = (count: number, items: number) => Math.min(Math.floor(count * 0.15), items * 2);

/**
 * When the opening balances of `planMovements` over `window` are all written: a supply item's
 * `saldo_inicial` must be its first movement at a location, so anything else that moves stock
 * (the purchases' receipts) starts after it.
 */
export function openingBalancesEnd(
  catalog: CatalogPlan,
  count: number,
  window: { start: Date; end: Date },
): Date {
  const span = window.end.getTime() - window.start.getTime();
  const openings = openingCount(count, catalog.insumos.length);
  return count === 0 ? window.start : new Date(window.start.getTime() + Math.ceil((span * openings) / count));
}

/**
 * `count` movements over `[start, end]`, in time order: opening balances first (at most 15% of
 * them), then invoice and manual entries at varying costs, production outflows, losses,
 * adjustments and reversals. Quantities follow a running balance per item and location, so
 * outflows rarely go below zero. Lazy, so a history of millions takes little memory.
 */
export function* planMovements(
  random: Random,
  catalog: CatalogPlan,
  count: number,
  window: { start: Date; end: Date },
): Generator<MovementPlan> {
  const items = catalog.insumos;
  if (items.length === 0 || count === 0) return;
  const span = window.end.getTime() - window.start.getTime();
  const at = (i: number) =>
    new Date(window.start.getTime() + Math.floor((span * (i + 0.1 + 0.8 * random.next())) / count));
  const balance = new Map<string, number>();
  const key = (insumo: number, local: LocalKind) => `${insumo}:${local}`;
  const move = (insumo: number, local: LocalKind, delta: number) =>
    balance.set(key(insumo, local), (balance.get(key(insumo, local)) ?? 0) + delta);
  const reversible: Reversible[] = [];
  let invoice = random.int(1_000, 90_000);
  let order = random.int(100, 9_000);
  let index = 0;
  const picker = distinctPicker(random, items.length);
  const run = distinctRun(items.length);

  // Opening balances: the deposit of every item, then the factory of some.
  const openings = openingCount(count, items.length);
  for (let n = 0; n < openings; n++) {
    const insumo = n % items.length;
    const local: LocalKind = n < items.length ? 'deposito' : 'fabrica';
    const item = items[insumo]!;
    const quantity = item.factor * random.int(2, 12);
    move(insumo, local, quantity);
    yield register(at(index), insumo, local, 'saldo_inicial', quantity, {
      custo: costAround(random, item.cost),
      origem: 'inventario',
      motivo: 'Saldo de implantação',
    });
    index += 1;
  }

  for (; index < count; index++) {
    const when = at(index);
    let tipo: keyof typeof FLOW = random.weighted(FLOW);
    // Only recent movements are reversed (a mistake is found within days), but none of the last
    // `run` (in flight in a runner) nor one on an item among the last `run` moved.
    const settled =
      tipo === 'estorno' ? reversible.filter((r) => r.index < index - run && !picker.taken(r.insumo)) : [];
    if (settled.length > 0) {
      const target = settled[settled.length - 1 - random.int(0, Math.min(settled.length - 1, 40))]!;
      reversible.splice(reversible.indexOf(target), 1);
      picker.take(target.insumo);
      move(target.insumo, target.local, -target.delta);
      yield {
        kind: 'estornar',
        at: when,
        alvo: target.index,
        insumo: target.insumo,
        motivo: random.pick(MOTIVOS.estorno),
      };
      continue;
    }
    if (tipo === 'estorno') tipo = 'entrada_manual';
    const insumo = picker.pick();
    const item = items[insumo]!;
    let local: LocalKind =
      tipo === 'baixa_producao'
        ? random.chance(0.7)
          ? 'fabrica'
          : 'terceiro'
        : tipo === 'entrada_nfe'
          ? random.weighted({ deposito: 5, fabrica: 3, terceiro: 2 })
          : random.pick(LOCAIS);
    const onHand = balance.get(key(insumo, local)) ?? 0;
    const outflow = tipo === 'baixa_producao' || tipo === 'perda';
    // Not enough on hand for an outflow: the factory buys first.
    if (outflow && onHand < item.factor * 0.5) {
      tipo = 'entrada_nfe';
      local = local === 'terceiro' && random.chance(0.5) ? 'deposito' : local;
    }
    let plan: RegisterPlan;
    if (tipo === 'entrada_nfe') {
      const packs = random.int(1, 10);
      invoice += random.int(1, 7);
      const custo = costAround(random, item.cost * item.factor);
      const taxes = 1 + Number(random.pick(['0', '0.05', '0.1']));
      plan = register(when, insumo, local, tipo, packs, {
        unidade: item.fields.unidade_compra as string,
        custo,
        bruto: (Number(custo) * taxes).toFixed(4),
        origem: 'nfe',
        referencia: `NF-e ${invoice}`,
      });
      move(insumo, local, packs * item.factor);
    } else if (tipo === 'entrada_manual') {
      const quantity = units(random, item.factor * random.next() * 2, item.family.consumo);
      plan = register(when, insumo, local, tipo, quantity, {
        custo: random.chance(0.5) ? costAround(random, item.cost) : null,
        origem: 'tela',
        motivo: 'Devolução de produção',
      });
      move(insumo, local, quantity);
    } else if (tipo === 'baixa_producao') {
      order += 1;
      const quantity = units(
        random,
        Math.min(onHand * 0.4, item.factor * (0.1 + random.next())),
        item.family.consumo,
      );
      plan = register(when, insumo, local, tipo, -quantity, {
        origem: 'producao',
        referencia: `OP-${String(order).padStart(6, '0')}`,
      });
      move(insumo, local, -quantity);
    } else if (tipo === 'perda') {
      const quantity = units(random, onHand * (0.01 + 0.04 * random.next()), item.family.consumo);
      plan = register(when, insumo, local, tipo, -quantity, {
        origem: 'tela',
        motivo: random.pick(MOTIVOS.perda),
      });
      move(insumo, local, -quantity);
    } else {
      const magnitude = units(
        random,
        Math.max(onHand, item.factor) * 0.03 * random.next(),
        item.family.consumo,
      );
      const quantity = onHand > 0 && random.chance(0.6) ? -magnitude : magnitude;
      plan = register(when, insumo, local, 'ajuste', quantity, {
        origem: 'inventario',
        motivo: random.pick(MOTIVOS.ajuste),
      });
      move(insumo, local, quantity);
    }
    // A production outflow belongs to its production record (the referencia): it is undone by
    // cancelling the record, never reversed alone.
    if (plan.tipo !== 'saldo_inicial' && plan.tipo !== 'baixa_producao') {
      const delta = plan.unidade === null ? Number(plan.quantidade) : Number(plan.quantidade) * item.factor;
      reversible.push({ index, insumo, local, delta });
      while (reversible.length > 0 && reversible[0]!.index < index - REVERSAL_REACH + 50) reversible.shift();
    }
    yield plan;
  }
}

function register(
  at: Date,
  insumo: number,
  local: LocalKind,
  tipo: RegisterPlan['tipo'],
  quantity: number,
  extra: {
    unidade?: string;
    custo?: string | null;
    bruto?: string;
    origem: RegisterPlan['origem'];
    referencia?: string;
    motivo?: string;
  },
): RegisterPlan {
  return {
    kind: 'registrar',
    at,
    insumo,
    local,
    tipo,
    quantidade: String(quantity),
    unidade: extra.unidade ?? null,
    custo_unitario: extra.custo ?? null,
    custo_unitario_bruto: extra.bruto ?? null,
    referencia: extra.referencia ?? null,
    motivo: extra.motivo ?? null,
    origem: extra.origem,
  };
}

/** Item indexes, none repeated within `distinctRun(items)` consecutive movements. */
function distinctPicker(random: Random, items: number) {
  const run = distinctRun(items);
  const recent: number[] = [];
  const taken = new Set<number>();
  const take = (item: number) => {
    recent.push(item);
    taken.add(item);
    if (recent.length > run) taken.delete(recent.shift()!);
  };
  return {
    taken: (item: number) => taken.has(item),
    /** Marks an item chosen otherwise (a reversal's) as moved. */
    take,
    /** A random item not among the last ones moved. */
    pick(): number {
      let pick = random.int(0, items - 1);
      for (let tries = 0; taken.has(pick) && tries < 8; tries++) pick = random.int(0, items - 1);
      // Bounded: with one item every pick is taken (the run cannot be kept), and an unbounded
      // scan would never end.
      for (let step = 0; taken.has(pick) && step < items; step++) pick = (pick + 1) % items;
      take(pick);
      return pick;
    },
  };
}

export function distinctRun(items: number): number {
  return Math.max(1, Math.min(DISTINCT_RUN, Math.floor(items / 2)));
}

/** A cost within ±15% of `base`, 4 places. */
function costAround(random: Random, base: number): string {
  return (base * (0.85 + 0.3 * random.next())).toFixed(4);
}

/** A positive quantity near `wanted`: whole for pieces, 3 places otherwise; never zero. */
function units(random: Random, wanted: number, unit: string): number {
  if (unit === 'un') return Math.max(1, Math.round(wanted));
  const value = Math.round(wanted * 1000) / 1000;
  return value > 0 ? value : Number(random.decimal(0.1, 1, 3));
}
