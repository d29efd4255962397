// Bulk stock logs for benchmarks: each item's whole history is decided in memory with the pure
// domain, then appended to its stream in chunks (one multi-event append per chunk).
import { randomInt, randomUUID } from 'node:crypto';
import {
  decideStock,
  evolveStock,
  initialStockState,
  type StockEvent,
  type StockState,
} from '@factory/domain';
import { type EventStore, type ExpectedRevision, streamName } from '@factory/event-store';

export interface StockLogShape {
  companies: number;
  itemsPerCompany: number;
  movementsPerItem: number;
  locations: number;
  /** Events per append call (one transaction each). */
  chunk?: number;
  concurrency?: number;
  /** How a company's items come to exist; bare stock definitions (InsumoDefinido.v1) by default. */
  items?: (empresa: string, count: number) => Promise<ItemStart[]>;
}

/** An item before its history: its stock state, its stream's revision, and events to append first. */
export type ItemStart = Pick<ItemHistory, 'insumo' | 'state' | 'revision' | 'before'>;

/** Appends the log; resolves to the number of movement events appended. */
export async function appendStockLog(store: EventStore, shape: StockLogShape): Promise<number> {
  const histories: ItemHistory[] = [];
  for (let c = 0; c < shape.companies; c++) {
    const empresa = randomUUID();
    const locais = Array.from({ length: shape.locations }, () => randomUUID());
    const starts = await (shape.items ?? bareItems)(empresa, shape.itemsPerCompany);
    for (const start of starts)
      histories.push({
        ...start,
        empresa,
        locais,
        count: shape.movementsPerItem,
        chunk: shape.chunk ?? 1000,
      });
  }
  let total = 0;
  const worker = async () => {
    for (let next = histories.shift(); next; next = histories.shift()) {
      // Not `total += await ...`: that would add to the total read before the await.
      const appended = await appendMovements(store, next);
      total += appended;
    }
  };
  await Promise.all(Array.from({ length: shape.concurrency ?? 4 }, worker));
  return total;
}

async function bareItems(_empresa: string, count: number): Promise<ItemStart[]> {
  return Array.from({ length: count }, () => {
    const insumo = randomUUID();
    const definido: StockEvent = {
      type: 'InsumoDefinido.v1',
      data: {
        insumo_id: insumo,
        sku: `B-${insumo.slice(0, 8)}`,
        unidade_compra: 'cx',
        unidade_consumo: 'un',
        fator_conversao: '12',
        custo_referencia: '1',
        definido_em: new Date().toISOString(),
      },
    };
    return {
      insumo,
      state: evolveStock(initialStockState(), definido),
      revision: 'no_stream' as const,
      before: [definido],
    };
  });
}

export interface ItemHistory {
  empresa: string;
  insumo: string;
  /** The item's stock state and its stream's revision before the history. */
  state: StockState;
  revision: ExpectedRevision;
  /** Events to append first (the item's definition when the stream is new). */
  before?: StockEvent[];
  locais: string[];
  count: number;
  /** Events per append call (one transaction each). */
  chunk: number;
}

/**
 * Decides `count` random movements of one item in memory (about one in five an outflow, entries
 * with a random cost, one millisecond apart) and appends them in chunks; resolves to `count`.
 */
export async function appendMovements(store: EventStore, item: ItemHistory): Promise<number> {
  const { empresa, insumo, locais, count } = item;
  const created = new Date();
  let state = item.state;
  const events: StockEvent[] = [...(item.before ?? [])];
  for (let n = 0; n < count; n++) {
    const quantidade = randomInt(5) === 0 ? -randomInt(1, 30) : randomInt(1, 40);
    const decision = decideStock(
      {
        type: 'RegistrarMovimento',
        data: {
          movimento_id: randomUUID(),
          insumo_id: insumo,
          local_id: locais[randomInt(locais.length)]!,
          tipo: quantidade > 0 ? 'entrada_manual' : 'perda',
          quantidade,
          custo_unitario: quantidade > 0 ? `${randomInt(1, 500)}.${randomInt(100)}` : null,
          origem: 'api',
          criado_em: new Date(created.getTime() + n).toISOString(),
        },
      },
      state,
    );
    if (!decision.ok) throw new Error(`refused: ${decision.error.kind}`);
    for (const event of decision.events) state = evolveStock(state, event);
    events.push(...decision.events);
  }
  let expected = item.revision;
  for (let at = 0; at < events.length; at += item.chunk) {
    const slice = events
      .slice(at, at + item.chunk)
      .map((e) => ({ ...e, id: randomUUID(), metadata: { empresa_id: empresa } }));
    const result = await store.appendToStream(streamName('estoque', empresa, insumo), slice, {
      expectedRevision: expected,
    });
    expected = result.nextExpectedRevision;
  }
  return count;
}
