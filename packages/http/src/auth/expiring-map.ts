/** A Map whose entries lapse after a time measured by the injected clock. */
export class ExpiringMap<K, V> {
  readonly #entries = new Map<K, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  get(key: K, nowMs: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= nowMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, nowMs: number): void {
    // Bounded: a flood of distinct keys evicts the oldest rather than growing without end.
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, { value, until: nowMs + this.ttlMs });
  }

  clear(): void {
    this.#entries.clear();
  }
}
