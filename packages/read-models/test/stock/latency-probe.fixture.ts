// Benchmark support (not exported, not built): the append-to-projected-row latency probe.
import { randomInt, randomUUID } from 'node:crypto';
import type { Pool } from '@factory/database';
import { compareCheckpoints, type EventStore, type LogCheckpoint } from '@factory/event-store';
import { waitUntilCaughtUp } from '../../src/projector/wait-for-projection.js';
import { StockWriter } from './stock-writer.fixture.js';

export interface LatencyFigures {
  count: number;
  /** Writes per second actually started. */
  achieved: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Appends movements at a steady rate (open loop: one write started every 1/rate s, each item's
 * writes queued behind each other) while polling the projections' checkpoints every 2 ms:
 * latency runs from the append's commit to the commit of the batch holding its row, in each of
 * the projections named (the stock's by default).
 */
export async function measureAppendToRowLatency(
  pool: Pool,
  store: EventStore,
  options: { writesPerSecond: number; seconds: number; projections?: readonly string[] },
): Promise<Map<string, LatencyFigures>> {
  const { writesPerSecond, seconds } = options;
  const names = options.projections ?? ['estoque'];
  const writer = new StockWriter(store, randomUUID());
  const locais = [randomUUID(), randomUUID()];
  const items = await Promise.all(Array.from({ length: 100 }, () => writer.defineItem()));
  for (const name of names) await waitUntilCaughtUp(pool, store, name);
  // The row is committed with the checkpoint that passes its event: watch the checkpoints.
  const pending = new Map(
    names.map((name) => [name, [] as Array<{ checkpoint: LogCheckpoint; committed: number }>]),
  );
  const latencies = new Map(names.map((name) => [name, [] as number[]]));
  let polling = true;
  // The poller keeps a connection of its own: from the pool, its reads would queue behind the
  // writes whenever they back up, and the time spent in that queue would count as latency.
  const observer = await pool.connect();
  const poller = (async () => {
    while (polling || [...pending.values()].some((p) => p.length > 0)) {
      // Every projection's checkpoint in one round trip, so each is seen as often as possible.
      const { rows } = await observer.query<{ name: string; tx_id: string; position: number }>(
        'SELECT name, tx_id::text AS tx_id, position FROM projection_checkpoints WHERE name = ANY($1)',
        [names],
      );
      const seen = performance.now();
      for (const row of rows) {
        const stored: LogCheckpoint = { txId: row.tx_id, position: row.position };
        const waiting = pending.get(row.name)!;
        for (let i = waiting.length - 1; i >= 0; i--) {
          const write = waiting[i]!;
          if (compareCheckpoints(stored, write.checkpoint) >= 0) {
            latencies.get(row.name)!.push(seen - write.committed);
            waiting.splice(i, 1);
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  const chains = items.map(() => Promise.resolve());
  const total = writesPerSecond * seconds;
  const begin = performance.now();
  for (let i = 0; i < total; i++) {
    const due = begin + (i * 1000) / writesPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const item = i % items.length;
    chains[item] = chains[item]!.then(async () => {
      const event = await writer.move(items[item]!, locais[randomInt(2)]!, randomInt(1, 9), {
        custo_unitario: 1,
      });
      const committed = performance.now();
      for (const waiting of pending.values()) waiting.push({ checkpoint: event.checkpoint, committed });
    });
  }
  await Promise.all(chains);
  const achieved = Math.round(total / ((performance.now() - begin) / 1000));
  polling = false;
  await poller.finally(() => observer.release());
  return new Map(
    names.map((name) => {
      const sorted = latencies.get(name)!.sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      return [name, { count: sorted.length, achieved, p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! }];
    }),
  );
}
