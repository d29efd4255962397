/**
 * Runs a task on demand, coalescing demands: at most one run is in flight, and one trailing run
 * follows when demands arrived while it ran (the run in flight may have started before what
 * they announce). A burst of N demands therefore costs one or two runs, never N.
 *
 * A failed run ends the round without a trailing run, so a failing task (the database is down)
 * is not retried in a tight loop; the next demand starts a new round.
 */
export class CoalescedTask {
  #running: Promise<void> | null = null;
  #again = false;

  constructor(
    private readonly task: () => Promise<void>,
    /** Called each time a round ends (nothing in flight any more). */
    private readonly onSettled: () => void = () => undefined,
  ) {}

  demand(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#round();
  }

  /** Resolves once nothing is in flight. */
  async settled(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #round(): Promise<void> {
    try {
      do {
        this.#again = false;
        await this.task();
      } while (this.#again);
    } catch {
      // The task's failure costs only what it would have announced; see the class comment.
    } finally {
      this.#running = null;
      this.onSettled();
    }
  }
}
