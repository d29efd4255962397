/**
 * A write-side index refused the append's rows (a unique key another writer committed first).
 * Deliberately not PostgreSQL's 23505: the command handler would retry that with the same
 * command, whose facts are stale; the catalog runner resolves them again instead.
 */
export class IndexConflict extends Error {
  constructor(readonly constraint: string | undefined) {
    super(`catalog index conflict${constraint ? ` on ${constraint}` : ''}`);
  }
}

/** Facts read again under the company lock no longer give the decision that was appended. */
export class ContextMoved extends Error {
  constructor() {
    super('catalog facts moved while deciding');
  }
}

// A unique key another writer committed first; or two writers claiming the same keys (a SKU
// and an alias) in opposite orders, one of which PostgreSQL cancels as a deadlock.
const LOST_RACE = new Set(['23505', '40P01']);

/** Runs index writes, turning a race lost on their keys into IndexConflict. */
export async function indexing(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    const pgError = error as { code?: unknown; constraint?: string } | null;
    if (LOST_RACE.has(String(pgError?.code))) throw new IndexConflict(pgError?.constraint);
    throw error;
  }
}
