/**
 * A wake-up that cannot be lost: one arriving while nobody waits is kept until the next wait,
 * so a notification landing during a read still triggers the read after it.
 */
export class WakeSignal {
  #pending = false;
  #resolve: (() => void) | null = null;

  wake(): void {
    this.#pending = true;
    this.#resolve?.();
  }

  /** Forgets earlier wake-ups; call just before reading what they announced. */
  clear(): void {
    this.#pending = false;
  }

  /** Resolves true on a wake-up (including a pending one), false after `ms`. */
  wait(ms: number): Promise<boolean> {
    if (this.#pending) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#resolve = null;
        resolve(false);
      }, ms);
      this.#resolve = () => {
        clearTimeout(timer);
        this.#resolve = null;
        resolve(true);
      };
    });
  }
}
