import type { EventStore } from '@factory/event-store';

/**
 * The store, counting the events its appends wrote: what `semear` reports as `eventos`, whichever
 * log it writes to (a count of the log's rows would only work on PostgreSQL). Seeds make new
 * companies, so nothing they write is a replay of an earlier run.
 */
export function countingAppends(store: EventStore): { store: EventStore; events(): number } {
  let events = 0;
  return {
    store: {
      ...store,
      async append(request) {
        const outcome = await store.append(request);
        if (outcome.written) events += outcome.events.length;
        return outcome;
      },
    },
    events: () => events,
  };
}
