import type { EventStore } from '@factory/event-store';
import { createWriteStore as createRealWriteStore } from '@factory/write-model';

// The write model as the crash tests' write API sees it (register.ts hands it over): the real one,
// except that its store carries the fault the test asked for in the environment. The service never
// loads this module, and its main and environment know of no fault.
export * from '@factory/write-model';

const positive = (name: string): number | undefined => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= 1 ? value : undefined;
};

/**
 * The real store, with
 * - EVENT_STORE_FAULT_EXIT_AFTER_COMMIT=n: the process ends (exit code 86) right after the n-th
 *   append's commit, before its rows (the port's `afterCommit` point, rows after commit only);
 * - EVENT_STORE_FAULT_KILL_BEFORE_APPEND=n: the process kills itself (SIGKILL) as the n-th append
 *   is about to be sent: its request has taken its Idempotency-Key and nothing is committed.
 */
export function createWriteStore(options: Parameters<typeof createRealWriteStore>[0]): EventStore {
  const exitAt = positive('EVENT_STORE_FAULT_EXIT_AFTER_COMMIT');
  let commits = 0;
  const store = createRealWriteStore({
    ...options,
    afterCommit: exitAt === undefined ? undefined : () => void (++commits === exitAt && process.exit(86)),
  });
  const killAt = positive('EVENT_STORE_FAULT_KILL_BEFORE_APPEND');
  if (killAt === undefined) return store;
  let appends = 0;
  return {
    ...store,
    append: (request) => {
      if (++appends === killAt) process.kill(process.pid, 'SIGKILL');
      return store.append(request);
    },
  };
}
