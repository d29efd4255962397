import type { MovimentoEstornado, MovimentoRegistrado } from '@factory/domain';
import { parseStreamName, type RecordedEvent } from '@factory/event-store';

/** The stock events this read model handles. */
export const STOCK_MOVEMENT_EVENTS = ['MovimentoRegistrado.v1', 'MovimentoEstornado.v1'] as const;

type MovementEvent = MovimentoRegistrado | MovimentoEstornado;

/** A row of estoque_movimentos, decimals as the events' text. */
export interface MovementRow {
  empresa_id: string;
  id: string;
  insumo_id: string;
  local_id: string;
  tipo: string;
  quantidade: string;
  unidade: string;
  custo_unitario: string;
  custo_unitario_bruto: string;
  referencia: string | null;
  motivo: string | null;
  origem: string;
  estornado_id: string | null;
  criado_em: string;
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

export interface StockBatch {
  movements: MovementRow[];
  /** Sorted by key, so concurrent writers lock rows in one order. */
  balances: BalanceChange[];
  /** The (company, item) pairs whose totals must be recomputed, sorted. */
  items: Array<{ empresa_id: string; insumo_id: string }>;
}

/**
 * The evolve-like half of the stock projection, pure: folds a batch of movement events (log
 * order) into the rows to write. Nothing is computed: the events carry the decided quantity,
 * costs and the location's balance and averages after each movement (invariant 1).
 */
export function foldStockEvents(events: readonly RecordedEvent[]): StockBatch {
  const movements: MovementRow[] = [];
  const balances = new Map<string, BalanceChange>();
  for (const event of events) {
    const { type, data } = event as unknown as RecordedEvent<MovementEvent>;
    const empresa_id = companyOf(event);
    movements.push({
      empresa_id,
      id: data.movimento_id,
      insumo_id: data.insumo_id,
      local_id: data.local_id,
      tipo: data.tipo,
      quantidade: data.quantidade,
      unidade: data.unidade,
      custo_unitario: data.custo_unitario,
      custo_unitario_bruto: data.custo_unitario_bruto,
      referencia: data.referencia,
      motivo: data.motivo,
      origem: data.origem,
      estornado_id: type === 'MovimentoEstornado.v1' ? data.estornado_id : null,
      criado_em: data.criado_em,
    });
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
  return { movements, balances: sortedKeys.map((k) => balances.get(k)!), items };
}

/**
 * The company is part of every stream name (invariant 8), which is what the command was decided
 * against; the metadata's empresa_id serves only streams named otherwise.
 */
function companyOf(event: RecordedEvent): string {
  const fromStream = parseStreamName(event.stream)?.companyId;
  const fromMetadata = event.metadata.empresa_id;
  const empresa = fromStream ?? (typeof fromMetadata === 'string' ? fromMetadata : undefined);
  if (!empresa) throw new Error(`event ${event.id} of stream ${event.stream} names no company`);
  return empresa;
}
