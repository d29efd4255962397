import { randomUUID } from 'node:crypto';
import type { EventStore, LogCheckpoint } from '@factory/event-store';

/**
 * Loops over the event store's port alone, shared by the benches (movements, event-store-log)
 * and bench:compare's probe, which runs them on another build's store: so this file imports
 * nothing at run time but Node's own modules.
 */

/** `concurrency` loops appending one event at a time to a stream of their own; events per second. */
export async function appendsAlone(store: EventStore, seconds: number, concurrency: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let events = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const stream = `bench-${randomUUID()}`;
      let expectedRevision: number | 'no_stream' = 'no_stream';
      while (performance.now() < until) {
        const data = movementData();
        const appended = await store.appendToStream(
          stream,
          [{ id: data.movimento_id, type: 'MovimentoRegistrado.v1', data, metadata: {} }],
          { expectedRevision },
        );
        expectedRevision = appended.nextExpectedRevision;
        events++;
      }
    }),
  );
  return events / seconds;
}

/** The whole global log through the port's readAll, `batch` events a call; events read. */
export async function readWholeLog(store: EventStore, batch: number): Promise<number> {
  let after: LogCheckpoint | undefined;
  let count = 0;
  for (;;) {
    const events = await store.readAll({ after, limit: batch });
    count += events.length;
    if (events.length < batch) return count;
    after = events.at(-1)!.checkpoint;
  }
}

/** An event of a movement's size and shape, as the append writes it. */
export function movementData() {
  return {
    movimento_id: randomUUID(),
    insumo_id: randomUUID(),
    local_id: randomUUID(),
    tipo: 'entrada_manual',
    quantidade: '3',
    unidade: 'un',
    custo_unitario: '2.5',
    custo_unitario_bruto: '2.5',
    referencia: null,
    motivo: null,
    origem: 'api',
    saldo: '120',
    custo_medio: '2.5',
    custo_medio_bruto: '2.5',
    criado_em: new Date().toISOString(),
  };
}
