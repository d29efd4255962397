import { Counter, Histogram, type Registry } from 'prom-client';

/** What the write side's command handler tells of a write that needed more than one attempt. */
export interface ContentionMetrics {
  contended(write: { attempts: number; waitedMs: number; gaveUp: boolean }): void;
}

/**
 * Writes that lost races to concurrent writers (a stream or a fence moved, a key claimed
 * meanwhile) and decided again: the retries, the time they took, and those given up at the
 * deadline (answered 503). Steady growth of the last one means the deadline is too short for
 * the contention, or one company's relational writes arrive faster than they commit.
 */
export function contentionMetrics(registry: Registry): ContentionMetrics {
  const retries = new Counter({
    name: 'write_contention_retries_total',
    help: 'Attempts of writes decided again after losing a race to a concurrent writer',
    registers: [registry],
  });
  const gaveUp = new Counter({
    name: 'write_contention_given_up_total',
    help: 'Writes still losing races at their deadline, answered 503 banco_indisponivel',
    registers: [registry],
  });
  const waited = new Histogram({
    name: 'write_contention_seconds',
    help: 'From first attempt to outcome, of writes that needed more than one attempt',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return {
    contended(write) {
      retries.inc(write.attempts - 1);
      waited.observe(write.waitedMs / 1000);
      if (write.gaveUp) gaveUp.inc();
    },
  };
}
