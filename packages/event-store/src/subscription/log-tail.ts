import { compareCheckpoints, type LogCheckpoint } from '../checkpoint.js';
import type { ReadAllOptions, RecordedEvent } from '../event-store.js';

type ReadAll = (options: Required<ReadAllOptions>) => Promise<RecordedEvent[]>;

/** A subscription's handle on the tail: its reads, and where it has read to. */
export interface TailReader {
  read(options: Required<ReadAllOptions>): Promise<RecordedEvent[]>;
  /** The subscription ended: it holds nothing back any more. */
  close(): void;
}

/**
 * The last stretch of the global log read by the subscriptions of one store, kept in memory so
 * that the projections of one worker read and decode each event once instead of once each
 * (reading was about a third of a two-projection catch-up: README, Subscriptions).
 *
 * The stretch is contiguous: it starts after `#start` and grows only by reads `after` its last
 * event, which the adapter's `readAll` answers gap-free (nothing can ever appear before an event
 * it returned). So the events it holds after any checkpoint inside it are exactly what `readAll`
 * would return, and a reader inside it is served from memory; one that reaches its end extends
 * it for everyone. A reader outside it (a rebuild from the start, a build resuming far back)
 * reads on its own and holds nobody back while others use it, and starts a new stretch where it
 * is once nobody does.
 *
 * Readers keep in step: the stretch holds at most `BATCHES_KEPT` of the largest batch its
 * readers ask for, and a reader that would grow it past that waits until the readers still
 * inside have moved on. A worker's projections then catch up together, at the pace of the
 * slowest, with a bounded amount of memory.
 */
export class LogTail {
  #start: LogCheckpoint | null = null;
  #events: RecordedEvent[] = [];
  /** The read that grows or restarts the stretch, one at a time. */
  #growing: Promise<void> | null = null;
  /** Reads that grew the stretch, counted; and the last one's number if it reached the readable end. */
  #grown = 0;
  #endedBy = -1;
  /** Where each reader has read to (or will start), and the size of its batches. */
  readonly #readers = new Map<object, { at: LogCheckpoint; limit: number }>();
  #moved: Array<() => void> = [];

  constructor(private readonly readAll: ReadAll) {}

  /** A reader that will start after `from`: the stretch keeps what it will read, if it has it. */
  reader(from: LogCheckpoint): TailReader {
    const key = {};
    this.#readers.set(key, { at: from, limit: 0 });
    return {
      read: async (options) => {
        const events = await this.#read(key, options);
        if (events.length > 0)
          this.#readers.set(key, { at: events.at(-1)!.checkpoint, limit: options.limit });
        this.#notifyMoved();
        return events;
      },
      close: () => {
        this.#readers.delete(key);
        this.#notifyMoved();
      },
    };
  }

  async #read(key: object, { after, limit }: Required<ReadAllOptions>): Promise<RecordedEvent[]> {
    // A short answer must come from a read of the log that began after this call did: one begun
    // earlier may miss an append whose wake-up the subscription has already consumed.
    const calledAfter = this.#grown;
    this.#readers.set(key, { at: after, limit });
    for (;;) {
      const from = this.#indexAfter(after);
      if (from === null) {
        if (this.#growing) {
          await this.#growing;
          continue;
        }
        if (this.#othersInside(key)) return this.readAll({ after, limit });
        await this.#grow(after, limit, true);
        continue;
      }
      const cached = this.#events.slice(from, from + limit);
      if (cached.length === limit) return cached;
      if (this.#growing) {
        await this.#growing;
        continue;
      }
      if (this.#endedBy > calledAfter) return cached;
      // The stretch ends short of this batch: read on from its end (the others will use it too),
      // unless that would take it past its size: then wait for a reader to move, and look again.
      if (!this.#makeRoom(limit)) {
        await new Promise<void>((resolve) => this.#moved.push(resolve));
        continue;
      }
      // Whatever it brings, the next turn slices again: the stretch may have been trimmed.
      await this.#grow(this.#events.at(-1)?.checkpoint ?? this.#start!, limit, false);
    }
  }

  /** Reads `limit` events after `after` into the stretch (or as a new stretch). */
  async #grow(after: LogCheckpoint, limit: number, restart: boolean): Promise<void> {
    let done!: () => void;
    this.#growing = new Promise((resolve) => {
      done = resolve;
    });
    const number = ++this.#grown;
    try {
      const events = await this.readAll({ after, limit });
      if (restart) {
        this.#start = after;
        this.#events = events;
      } else {
        this.#events = this.#events.concat(events);
      }
      if (events.length < limit) this.#endedBy = number;
    } finally {
      this.#growing = null;
      done();
    }
  }

  /** Index of the first held event after `after`; null when `after` lies outside the stretch. */
  #indexAfter(after: LogCheckpoint): number | null {
    if (this.#start === null || compareCheckpoints(after, this.#start) < 0) return null;
    const events = this.#events;
    const last = events.at(-1)?.checkpoint ?? this.#start;
    if (compareCheckpoints(after, last) > 0) return null;
    let low = 0;
    let high = events.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareCheckpoints(events[mid]!.checkpoint, after) <= 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Whether another reader is inside the stretch (then it is kept for them). */
  #othersInside(key: object): boolean {
    for (const [other, { at }] of this.#readers)
      if (other !== key && this.#indexAfter(at) !== null) return true;
    return false;
  }

  /**
   * Drops what every reader inside the stretch has read; true when `limit` more events then fit
   * in BATCHES_KEPT of the largest batches its readers ask for. The reader furthest behind always
   * has room (it holds less than one batch beyond its position), so a reader that does not is one
   * running ahead of another.
   */
  #makeRoom(limit: number): boolean {
    let keepFrom = this.#events.length;
    let largest = 0;
    for (const reader of this.#readers.values()) {
      const index = this.#indexAfter(reader.at);
      if (index !== null) keepFrom = Math.min(keepFrom, index);
      largest = Math.max(largest, reader.limit);
    }
    if (keepFrom > 0) {
      this.#start = this.#events[keepFrom - 1]!.checkpoint;
      this.#events = this.#events.slice(keepFrom);
    }
    return this.#events.length + limit <= BATCHES_KEPT * largest;
  }

  #notifyMoved(): void {
    const waiting = this.#moved;
    this.#moved = [];
    for (const resolve of waiting) resolve();
  }
}

/** Batches of the largest size asked for that the stretch may hold. */
const BATCHES_KEPT = 3;
