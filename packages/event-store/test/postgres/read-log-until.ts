import type { LogCheckpoint } from '../../src/checkpoint.js';
import type { EventStore, RecordedEvent } from '../../src/event-store.js';

/**
 * Reads the log after `after` until `enough` holds of what it returns, or 15 s have passed (the
 * deadline only bounds a failing run): a transaction elsewhere can hold the readable horizon
 * back a moment. Returns the last read.
 */
export async function readLogUntil(
  store: EventStore,
  after: LogCheckpoint,
  enough: (events: RecordedEvent[]) => boolean,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const events = await store.readAll({ after });
    if (enough(events) || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
