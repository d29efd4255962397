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
}

/** Appends the log; resolves to the number of movement events appended. */
export async function appendStockLog(store: EventStore, shape: StockLogShape): Promise<number> {
  const streams: Array<() => Promise<number>> = [];
  for (let c = 0; c < shape.companies; c++) {
    const empresa = randomUUID();
    const locais = Array.from({ length: shape.locations }, () => randomUUID());
    for (let i = 0; i < shape.itemsPerCompany; i++)
      streams.push(() => appendItem(store, empresa, locais, shape.movementsPerItem, shape.chunk ?? 1000));
  }
  let total = 0;
  const worker = async () => {
    for (let next = streams.shift(); next; next = streams.shift()) {
      const appended = await next();
      total += appended;
    }
  };
  await Promise.all(Array.from({ length: shape.concurrency ?? 4 }, worker));
  return total;
}

async function appendItem(
  store: EventStore,
  empresa: string,
  locais: string[],
  count: number,
  chunk: number,
) {
  const insumo = randomUUID();
  const created = new Date();
  const events: StockEvent[] = [
    {
      type: 'InsumoDefinido.v1',
      data: {
        insumo_id: insumo,
        sku: `B-${insumo.slice(0, 8)}`,
        unidade_compra: 'cx',
        unidade_consumo: 'un',
        fator_conversao: '12',
        custo_referencia: '1',
        definido_em: created.toISOString(),
      },
    },
  ];
  let state: StockState = evolveStock(initialStockState(), events[0]!);
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
  let expected: ExpectedRevision = 'no_stream';
  for (let at = 0; at < events.length; at += chunk) {
    const slice = events
      .slice(at, at + chunk)
      .map((e) => ({ ...e, id: randomUUID(), metadata: { empresa_id: empresa } }));
    const result = await store.appendToStream(streamName('estoque', empresa, insumo), slice, {
      expectedRevision: expected,
    });
    expected = result.nextExpectedRevision;
  }
  return count;
}
