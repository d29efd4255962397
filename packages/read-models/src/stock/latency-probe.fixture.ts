// Benchmark support (not exported, not built): the append-to-projected-row latency probe.
import { randomInt, randomUUID } from 'node:crypto';
import type { Pool } from '@factory/database';
import { compareCheckpoints, type EventStore, type LogCheckpoint } from '@factory/event-store';
import { readCheckpoint } from '../projector/checkpoints.js';
import { waitUntilCaughtUp } from '../projector/wait-for-projection.js';
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
 * writes queued behind each other) while polling the projection's checkpoint every 2 ms:
 * latency runs from the append's commit to the commit of the batch holding its row.
 */
export async function measureAppendToRowLatency(
  pool: Pool,
  store: EventStore,
  options: { writesPerSecond: number; seconds: number },
): Promise<LatencyFigures> {
  const { writesPerSecond, seconds } = options;
  const writer = new StockWriter(store, randomUUID());
  const locais = [randomUUID(), randomUUID()];
  const items = await Promise.all(Array.from({ length: 100 }, () => writer.defineItem()));
  await waitUntilCaughtUp(pool, store, 'estoque');
  // The row is committed with the checkpoint that passes its event: watch the checkpoint.
  const pending: Array<{ checkpoint: LogCheckpoint; committed: number }> = [];
  const latencies: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling || pending.length > 0) {
      const stored = await readCheckpoint(pool, 'estoque');
      const seen = performance.now();
      for (let i = pending.length - 1; i >= 0; i--) {
        const write = pending[i]!;
        if (stored && compareCheckpoints(stored.checkpoint, write.checkpoint) >= 0) {
          latencies.push(seen - write.committed);
          pending.splice(i, 1);
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
      pending.push({ checkpoint: event.checkpoint, committed: performance.now() });
    });
  }
  await Promise.all(chains);
  const achieved = Math.round(total / ((performance.now() - begin) / 1000));
  polling = false;
  await poller;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { count: latencies.length, achieved, p50: at(0.5), p99: at(0.99), max: latencies.at(-1)! };
}
