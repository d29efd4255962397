/**
 * The route handlers still running, whether or not their client waits for the answer. Fastify's
 * close waits for the requests whose client is still connected; a client that left (a timeout, a
 * load generator stopped) leaves its handler running (its claim, its group commit, its key's
 * answer), and ending the pool under it fails that work half-way ("Cannot use a pool after
 * calling end on the pool"). Shutdown waits for these before it closes the connections.
 */
export class InFlightWork {
  readonly #running = new Set<Promise<unknown>>();

  /** Runs `work`, counted until it settles; its outcome is the caller's as it was. */
  track<T>(work: Promise<T>): Promise<T> {
    this.#running.add(work);
    const forget = () => this.#running.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Resolves once nothing tracked runs, including work tracked while waiting. */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }
}
