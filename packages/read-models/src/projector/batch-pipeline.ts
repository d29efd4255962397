import type { LogCheckpoint, RecordedEvent } from '@factory/event-store';

/**
 * Applies one batch: `after` is where it starts, `previous` settles once the batch before has
 * committed (rejecting if that one failed).
 */
type Apply = (
  after: LogCheckpoint,
  events: readonly RecordedEvent[],
  previous: Promise<void>,
) => Promise<LogCheckpoint>;

/**
 * Buffering between the log reader and the writer: `push` waits until fewer than `depth` batches
 * are in flight, starts the new one and returns, so the subscription reads the next batch while
 * this one is written (reading and writing use different connections and cores). With a depth of
 * 2, a batch's staged writes also overlap the commit of the one before (apply-batch.ts).
 * Batches commit strictly one after the other, in log order. After a failure nothing more is
 * started and the batches in flight roll back: `onFailure` is told at once, and `push` and
 * `drain` reject with the error, so the caller resumes from the stored checkpoint.
 */
export class BatchPipeline {
  /** The batches in flight, oldest first: each one's commit (rejecting if it failed). */
  #inFlight: Array<Promise<void>> = [];
  #failure: { error: unknown } | null = null;
  #after: LogCheckpoint;

  constructor(
    after: LogCheckpoint,
    private readonly apply: Apply,
    private readonly onFailure: (error: unknown) => void,
    private readonly depth = 1,
  ) {
    this.#after = after;
  }

  async push(events: readonly RecordedEvent[]): Promise<void> {
    while (this.#inFlight.length >= this.depth) await settled(this.#inFlight[0]!);
    this.#throwIfFailed();
    const previous = this.#inFlight.at(-1) ?? Promise.resolve();
    const committed = this.apply(this.#after, events, previous).then(
      () => undefined,
      (error: unknown) => {
        if (!this.#failure) {
          this.#failure = { error };
          this.onFailure(error);
        }
        throw error;
      },
    );
    // The next batch starts after this one's last event, whether or not it has committed yet.
    this.#after = events.at(-1)!.checkpoint;
    this.#inFlight.push(committed);
    void settled(committed).then(() => this.#inFlight.splice(this.#inFlight.indexOf(committed), 1));
  }

  /** Resolves once the batches in flight are applied; rejects with the first failure. */
  async drain(): Promise<void> {
    await Promise.all(this.#inFlight.map(settled));
    this.#throwIfFailed();
  }

  #throwIfFailed(): void {
    if (this.#failure) throw this.#failure.error;
  }
}

const settled = (promise: Promise<void>): Promise<void> =>
  promise.then(
    () => undefined,
    () => undefined,
  );
