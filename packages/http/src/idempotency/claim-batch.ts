import type { Pool } from '@factory/database';

/**
 * Claims of concurrent requests on one pool, sent as one statement: a claim arriving while none
 * is in flight goes at once, alone; those arriving meanwhile wait for it and then go together
 * (at most MAX_BATCH), so under load a claim costs a fraction of a round trip and of a commit.
 * Written for the claim alone rather than shared with the write model's group commit: the HTTP
 * layer does not depend on the write model, and the database package holds no batching of its
 * callers' work (issue 21 §2).
 */
export class ClaimBatch<R extends { attemptId: string }> {
  #waiting: Array<{ request: R; settle(owner: boolean | Error): void }> = [];
  #sending = false;

  constructor(
    private readonly pool: Pool,
    private readonly send: (pool: Pool, requests: readonly R[]) => Promise<ReadonlySet<string>>,
  ) {}

  /** Whether `request`'s attempt owns its key once the claim is sent. */
  claim(request: R): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.#waiting.push({
        request,
        settle: (owner) => (owner instanceof Error ? reject(owner) : resolve(owner)),
      });
      if (!this.#sending) void this.#sendAll();
    });
  }

  async #sendAll(): Promise<void> {
    this.#sending = true;
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, MAX_BATCH);
      const owners = await this.send(
        this.pool,
        batch.map((w) => w.request),
      ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      for (const w of batch) w.settle(owners instanceof Error ? owners : owners.has(w.request.attemptId));
    }
    this.#sending = false;
  }
}

const MAX_BATCH = 64;
