// The specification's incremental reader, as a BI client would run it against the lists.
import type { FastifyInstance } from 'fastify';
import { type ProjectedApi, type Row, traverse } from './projected-api.fixture.js';

/**
 * Keeps the greatest stamp seen, sends it as the inclusive lower bound, follows proximo_cursor
 * to the end, and upserts rows by key.
 */
export class IncrementalReplica {
  readonly rows = new Map<string, Row>();
  #greatest: string | null = null;
  #pulled: Array<() => void> = [];

  constructor(
    readonly app: FastifyInstance,
    readonly url: string,
    readonly by: { since: string; stamp: string; keyOf: (row: Row) => string } = {
      since: 'atualizado_desde',
      stamp: 'atualizado_em',
      keyOf: (row) => row.id as string,
    },
  ) {}

  async pull(token: string): Promise<void> {
    const waiting = this.#pulled;
    this.#pulled = [];
    const since = this.#greatest ? `&${this.by.since}=${encodeURIComponent(this.#greatest)}` : '';
    for (const row of await traverse(this.app, `${this.url}?limite=7${since}`, token)) {
      this.rows.set(this.by.keyOf(row), row);
      const stamp = row[this.by.stamp] as string;
      if (!this.#greatest || stamp > this.#greatest) this.#greatest = stamp;
    }
    for (const resolve of waiting) resolve();
  }

  /** Resolves once a pull that starts after this call has ended: a writer's way to let the reader race it. */
  nextPull(): Promise<void> {
    return new Promise((resolve) => this.#pulled.push(resolve));
  }

  /** By key, to compare with a full read sorted the same way. */
  sorted(): Row[] {
    return [...this.rows.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  }
}

/**
 * Pulls every replica in turn while `writing` runs, then once more when all is quiet: after
 * that last pull invariant 7 promises replicas equal to the full lists. Returns the rounds
 * pulled meanwhile, so a test can check the reader really raced the writers.
 */
export async function replicateWhile(
  api: Pick<ProjectedApi<unknown>, 'settled'>,
  options: {
    replicas: IncrementalReplica[];
    token: string;
    windowSeconds: number;
    writing: Promise<unknown>;
  },
): Promise<number> {
  const pullAll = async () => {
    for (const replica of options.replicas) await replica.pull(options.token);
  };
  let reading = true;
  let rounds = 0;
  const reader = (async () => {
    while (reading) {
      await pullAll();
      rounds++;
    }
  })();
  await options.writing;
  // Quiescence: everything projected, and the window has passed the last write.
  await api.settled();
  await new Promise((resolve) => setTimeout(resolve, options.windowSeconds * 1000 + 300));
  await api.settled();
  reading = false;
  await reader;
  await pullAll();
  return rounds;
}
