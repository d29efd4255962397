import type { LogCheckpoint, RecordedEvent } from '@factory/event-store';

type Apply = (after: LogCheckpoint, events: readonly RecordedEvent[]) => Promise<LogCheckpoint>;

/**
 * Double buffering between the log reader and the writer: `push` waits for the batch being
 * applied, starts applying the new one and returns, so the subscription reads the next batch
 * while this one is written (reading and writing use different connections and cores).
 * Batches are applied strictly one after the other, in log order. After a failure nothing
 * more is applied: `onFailure` is told at once, and `push` and `drain` reject with the error,
 * so the caller resumes from the stored checkpoint.
 */
export class BatchPipeline {
  #inFlight: Promise<void> = Promise.resolve();
  #failure: { error: unknown } | null = null;
  #after: LogCheckpoint;

  constructor(
    after: LogCheckpoint,
    private readonly apply: Apply,
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.#after = after;
  }

  async push(events: readonly RecordedEvent[]): Promise<void> {
    await this.#inFlight;
    this.#throwIfFailed();
    this.#inFlight = this.#run(events);
  }

  /** Resolves once the batch in flight is applied; rejects with the first failure. */
  async drain(): Promise<void> {
    await this.#inFlight;
    this.#throwIfFailed();
  }

  async #run(events: readonly RecordedEvent[]): Promise<void> {
    try {
      this.#after = await this.apply(this.#after, events);
    } catch (error) {
      this.#failure = { error };
      this.onFailure(error);
    }
  }

  #throwIfFailed(): void {
    if (this.#failure) throw this.#failure.error;
  }
}
