/** Rate and time left of a build, from the events it applied and how far it is from the head. */
export class RebuildMeter {
  #applied = 0;
  readonly #started: number;

  constructor(now: number) {
    this.#started = now;
  }

  applied(events: number): void {
    this.#applied += events;
  }

  /** Events applied per second since this attempt started. */
  rate(now: number): number {
    const seconds = (now - this.#started) / 1000;
    return seconds > 0 ? this.#applied / seconds : 0;
  }

  /** Seconds to reach `remaining` more events at the current rate; null before any progress. */
  eta(now: number, remaining: number): number | null {
    const rate = this.rate(now);
    if (remaining <= 0) return 0;
    return rate > 0 ? remaining / rate : null;
  }

  get total(): number {
    return this.#applied;
  }
}
