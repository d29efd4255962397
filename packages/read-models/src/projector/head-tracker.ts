import { compareCheckpoints, type LogCheckpoint, type LogHead } from '@factory/event-store';

const KEEP = 64;

/**
 * Heads of the log read recently (oldest first). A batch whose last checkpoint reaches a head's
 * checkpoint proves the build was at the head at that head's `at`, so the batch's transaction
 * can store that instant as the watermark while the log keeps growing (under a steady write
 * load the build is rarely idle exactly when a head is read).
 */
export class HeadTracker {
  #heads: LogHead[] = [];

  push(head: LogHead): void {
    const last = this.#heads.at(-1);
    if (last && compareCheckpoints(head.checkpoint, last.checkpoint) < 0) return;
    this.#heads.push(head);
    if (this.#heads.length > KEEP) this.#heads.shift();
  }

  /** The latest `at` among heads at or before `reached`, dropping them; null when none is. */
  settledBy(reached: LogCheckpoint): Date | null {
    let at: Date | null = null;
    while (this.#heads.length > 0 && compareCheckpoints(this.#heads[0]!.checkpoint, reached) <= 0)
      at = this.#heads.shift()!.at;
    return at;
  }
}
