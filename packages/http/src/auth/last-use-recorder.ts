import type { TokenStore } from './auth-context.js';

/**
 * Remembers each token's latest use in memory and writes them all in one statement every
 * few seconds, so "last use" costs no database write per request.
 */
export class LastUseRecorder {
  #pending = new Map<string, Date>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: TokenStore,
    private readonly onError: (error: unknown) => void,
  ) {}

  touch(tokenId: string, at: Date): void {
    this.#pending.set(tokenId, at);
  }

  start(intervalMs = 5_000): void {
    this.#timer = setInterval(() => void this.flush(), intervalMs);
    this.#timer.unref();
  }

  async flush(): Promise<void> {
    if (this.#pending.size === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    try {
      await this.store.recordLastUse([...batch].map(([tokenId, at]) => ({ tokenId, at })));
    } catch (error) {
      // keep what failed unless newer uses came in meanwhile
      for (const [tokenId, at] of batch) if (!this.#pending.has(tokenId)) this.#pending.set(tokenId, at);
      this.onError(error);
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
