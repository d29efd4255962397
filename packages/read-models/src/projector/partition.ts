import { createHash } from 'node:crypto';
import type { RecordedEvent } from '@factory/event-store';
import { companyReader } from './event-company.js';
import type { Projection } from './projection.js';

/** One of `count` projector workers, each owning the companies that hash to its `index`. */
export interface Partition {
  index: number;
  count: number;
}

/** `i/n` (PROJECTOR_PARTITION): worker i of n, 0 <= i < n. */
export function parsePartition(text: string): Partition {
  const match = /^(\d{1,3})\/(\d{1,3})$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index >= count)
    throw new RangeError(`not a partition i/n with 0 <= i < n: ${text}`);
  return { index, count };
}

/**
 * The partition of a company: a stable hash of its id, so every worker, whenever started,
 * agrees on who owns it. A company is never split: every read model row and every cost
 * roll-up stays within one company (invariant 8), so one worker sees all it needs.
 */
export function partitionOf(empresaId: string, count: number): number {
  return createHash('sha256').update(empresaId).digest().readUInt32BE(0) % count;
}

/**
 * The projection restricted to the companies of one partition. The worker still reads the
 * whole log (PostgreSQL has no server-side filter on our streams; KurrentDB's filtered
 * subscription would drop the others before the wire) but applies only its own, under its
 * own checkpoint (the caller names the target).
 */
export function partitioned(projection: Projection, partition: Partition): Projection {
  if (partition.count === 1) return projection;
  const owned = new Map<string, boolean>();
  const mine = (events: readonly RecordedEvent[]) => {
    const companyOf = companyReader();
    return events.filter((event) => {
      const empresa = companyOf(event);
      let isMine = owned.get(empresa);
      if (isMine === undefined) {
        isMine = partitionOf(empresa, partition.count) === partition.index;
        owned.set(empresa, isMine);
      }
      return isMine;
    });
  };
  const stage = projection.stage;
  return {
    ...projection,
    async apply(client, events, target) {
      const own = mine(events);
      if (own.length > 0) await projection.apply(client, own, target);
    },
    ...(stage && {
      async stage(client, events, target) {
        const own = mine(events);
        if (own.length > 0) await stage(client, own, target);
      },
    }),
  };
}

/** The checkpoint of a partition's build: its own row, beside the whole projection's. */
export const partitionCheckpointName = (name: string, partition: Partition): string =>
  partition.count === 1 ? name : `${name}#${partition.index}/${partition.count}`;
