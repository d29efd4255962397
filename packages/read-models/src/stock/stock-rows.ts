import type { MovimentoEstornado, MovimentoRegistrado } from '@factory/domain';
import type { RecordedEvent } from '@factory/event-store';
import { companyReader } from '../projector/event-company.js';
import { Numbering } from './numbering.js';

/** The stock events this read model handles. */
export const STOCK_MOVEMENT_EVENTS = ['MovimentoRegistrado.v1', 'MovimentoEstornado.v1'] as const;

type MovementEvent = MovimentoRegistrado | MovimentoEstornado;

/**
 * The rows of estoque_movimentos, column by column (as the INSERT's unnest takes them, with no
 * object per row in between), decimals as the events' text. The company, item and location of a
 * row are numbers in the batch's numberings (numbering.ts): those uuids repeat from row to row.
 */
export interface MovementColumns {
  empresas: Numbering;
  insumos: Numbering;
  locais: Numbering;
  empresa: number[];
  id: string[];
  insumo: number[];
  local: number[];
  tipo: string[];
  quantidade: string[];
  unidade: string[];
  custo_unitario: string[];
  custo_unitario_bruto: string[];
  referencia: Array<string | null>;
  motivo: Array<string | null>;
  origem: string[];
  estornado_id: Array<string | null>;
  criado_em: string[];
  /** The location's balance and average right after the movement, as decided. */
  saldo_apos: string[];
  custo_medio_apos: string[];
  /** The event's revision in its item's stream. */
  revisao: number[];
}

/** A location's state after a batch: the last movement's after-state, and every movement's time. */
export interface BalanceChange {
  empresa_id: string;
  insumo_id: string;
  local_id: string;
  saldo: string;
  unidade: string;
  custo_medio: string;
  custo_medio_bruto: string;
  /** criado_em of each of the batch's movements there; the row's atualizado_em is the greatest. */
  criados_em: string[];
}

/** The balances a batch leaves, and the items whose totals follow from them. */
export interface BalanceChanges {
  /** Sorted by key, so concurrent writers lock rows in one order. */
  balances: BalanceChange[];
  /** The (company, item) pairs whose totals must be recomputed, sorted. */
  items: Array<{ empresa_id: string; insumo_id: string }>;
}

/*
 * The evolve-like half of the stock projection, pure: folds a batch of movement events (log
 * order) into the rows to write. Nothing is computed: the events carry the decided quantity,
 * costs and the location's balance and averages after each movement (invariant 1). Two folds,
 * because the projection writes the ledger and the balances at two moments (stock-projection.ts).
 */

/** The ledger rows of a batch's movements, one per event. */
export function foldMovements(events: readonly RecordedEvent[]): MovementColumns {
  const m: MovementColumns = {
    empresas: new Numbering(),
    insumos: new Numbering(),
    locais: new Numbering(),
    empresa: [],
    id: [],
    insumo: [],
    local: [],
    tipo: [],
    quantidade: [],
    unidade: [],
    custo_unitario: [],
    custo_unitario_bruto: [],
    referencia: [],
    motivo: [],
    origem: [],
    estornado_id: [],
    criado_em: [],
    saldo_apos: [],
    custo_medio_apos: [],
    revisao: [],
  };
  const companyOf = companyReader();
  for (const event of events) {
    const { type, data } = event as unknown as RecordedEvent<MovementEvent>;
    m.empresa.push(m.empresas.numberOf(companyOf(event)));
    m.id.push(data.movimento_id);
    m.insumo.push(m.insumos.numberOf(data.insumo_id));
    m.local.push(m.locais.numberOf(data.local_id));
    m.tipo.push(data.tipo);
    m.quantidade.push(data.quantidade);
    m.unidade.push(data.unidade);
    m.custo_unitario.push(data.custo_unitario);
    m.custo_unitario_bruto.push(data.custo_unitario_bruto);
    m.referencia.push(data.referencia);
    m.motivo.push(data.motivo);
    m.origem.push(data.origem);
    m.estornado_id.push(type === 'MovimentoEstornado.v1' ? data.estornado_id : null);
    m.criado_em.push(data.criado_em);
    m.saldo_apos.push(data.saldo);
    m.custo_medio_apos.push(data.custo_medio);
    m.revisao.push(event.revision);
  }
  return m;
}

/** Each location's after-state at the batch's end, with the times of its movements. */
export function foldBalances(events: readonly RecordedEvent[]): BalanceChanges {
  const balances = new Map<string, BalanceChange>();
  const companyOf = companyReader();
  for (const event of events) {
    const { data } = event as unknown as RecordedEvent<MovementEvent>;
    const empresa_id = companyOf(event);
    const key = `${empresa_id}|${data.insumo_id}|${data.local_id}`;
    const criados_em = balances.get(key)?.criados_em ?? [];
    criados_em.push(data.criado_em);
    balances.set(key, {
      empresa_id,
      insumo_id: data.insumo_id,
      local_id: data.local_id,
      saldo: data.saldo,
      unidade: data.unidade,
      custo_medio: data.custo_medio,
      custo_medio_bruto: data.custo_medio_bruto,
      criados_em,
    });
  }
  const sortedKeys = [...balances.keys()].sort();
  const items = [...new Set(sortedKeys.map((k) => k.slice(0, k.lastIndexOf('|'))))].map((k) => {
    const [empresa_id, insumo_id] = k.split('|') as [string, string];
    return { empresa_id, insumo_id };
  });
  return { balances: sortedKeys.map((k) => balances.get(k)!), items };
}
