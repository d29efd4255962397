/**
 * The route handlers still running, whether or not their client waits for the answer. Fastify's
 * close waits for the requests whose client is still connected; a client that left (a timeout, a
 * load generator stopped) leaves its handler running (its claim, its group commit, its key's
 * answer), and ending the pool under it fails that work half-way ("Cannot use a pool after
 * calling end on the pool"). Shutdown waits for these before it closes the connections.
 *
 * A count, not a Set of the handlers' promises: holding every promise (and so its answer) from a
 * long-lived Set made each answer survive the young generation's collections. On GET
 * /v1/produtos?limite=200 that tripled the read API's GC time and cost 1.3 times the CPU per
 * request (issue 21 §6); the count holds nothing.
 */
export class InFlightWork {
  #running = 0;
  #idle: (() => void)[] = [];

  /** Runs `work`, counted until it settles; its outcome is the caller's as it was. */
  track<T>(work: Promise<T>): Promise<T> {
    this.#running++;
    const forget = () => {
      if (--this.#running === 0) for (const wake of this.#idle.splice(0)) wake();
    };
    work.then(forget, forget);
    return work;
  }

  /** Resolves once nothing tracked runs, including work tracked while waiting. */
  async settled(): Promise<void> {
    while (this.#running > 0) await new Promise<void>((wake) => this.#idle.push(wake));
  }
}
