import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_RETRY, type FactoryClient, type RetryPolicy, waitBeforeRetry } from '@factory/client';
import type { MirrorDatabase, Row } from './mirror-database.js';
import type { MirroredList } from './mirrored-lists.js';

export interface ListOutcome {
  table: string;
  /** Rows read (upserted) this time; the row at the mark comes back each time, by design. */
  linhas: number;
  /** The token lacks the list's scope: it is left as it was. */
  ignorada: boolean;
}

/** The service stayed unavailable past the retries: the sync stops; the next one goes on. */
export class SyncStopped extends Error {}

type Page = { dados: Row[]; proximo_cursor: string | null };

/**
 * The specification's incremental reading, per list: send the greatest stamp kept so far as the
 * inclusive lower bound (`atualizado_desde`, or `desde` for movements), follow `proximo_cursor`
 * to the end with the same parameters (a cursor is signed over them), and upsert each row by
 * its key. Rows come in ascending stamp order, so after each page its last stamp is a mark a
 * restart can resume from; the inclusive bound gives back the row at the mark, which the upsert
 * absorbs. Rows changed in the last 30 seconds are not in the lists yet (the stabilisation
 * window, applied by the service): they come in a later sync, never skipped, because their
 * stamps are after the mark.
 */
export async function syncLists(
  client: FactoryClient,
  db: MirrorDatabase,
  lists: readonly MirroredList[],
  retry: RetryPolicy = DEFAULT_RETRY,
): Promise<ListOutcome[]> {
  const outcomes: ListOutcome[] = [];
  for (const list of lists) outcomes.push(await syncList(client, db, list, retry));
  return outcomes;
}

async function syncList(
  client: FactoryClient,
  db: MirrorDatabase,
  list: MirroredList,
  retry: RetryPolicy,
): Promise<ListOutcome> {
  const outcome: ListOutcome = { table: list.table, linhas: 0, ignorada: false };
  if (!list.incremental) {
    const rows: Row[] = [];
    for await (const page of pages(client, list.path, { ...list.query }, retry)) {
      if (page === 'forbidden') return { ...outcome, ignorada: true };
      rows.push(...page.dados);
    }
    await db.replaceAll(list, rows);
    return { ...outcome, linhas: rows.length };
  }
  const { since, stamp } = list.incremental;
  const from = await db.mark(list);
  const query: Record<string, string> = { limite: '200', ...list.query, ...(from ? { [since]: from } : {}) };
  let mark = from;
  for await (const page of pages(client, list.path, query, retry)) {
    if (page === 'forbidden') return { ...outcome, ignorada: true };
    const last = page.dados.at(-1);
    if (last) mark = last[stamp] as string;
    await db.savePage(list, page.dados, mark);
    outcome.linhas += page.dados.length;
  }
  return outcome;
}

/**
 * A list's pages, following `proximo_cursor` to the end with the same parameters (a cursor is
 * signed over them); only 'forbidden' when the token lacks the list's scope.
 */
async function* pages(
  client: FactoryClient,
  path: string,
  query: Record<string, string>,
  retry: RetryPolicy,
): AsyncGenerator<Page | 'forbidden'> {
  let cursor: string | null = null;
  do {
    const page = await getPage(client, path, cursor ? { ...query, cursor } : query, retry);
    yield page;
    if (page === 'forbidden') return;
    cursor = page.proximo_cursor;
  } while (cursor);
}

async function getPage(
  client: FactoryClient,
  path: string,
  query: Record<string, string>,
  retry: RetryPolicy,
): Promise<Page | 'forbidden'> {
  for (let attempt = 1; ; attempt++) {
    let status: number | null = null;
    let retryAfter: string | null = null;
    try {
      // One loop over paths of different types: the path is checked against the description
      // by MIRRORED_LISTS' test, not by the compiler.
      const { data, error, response } = await client.GET(path as '/v1/produtos', {
        params: { query: query as never },
      });
      if (data) return data as unknown as Page;
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      if (status === 403) return 'forbidden';
      const wait = waitBeforeRetry(status, retryAfter, attempt, retry);
      if (wait === null) {
        const why = `GET ${path}: ${status} ${JSON.stringify(error)}`;
        throw status >= 500 || status === 429 ? new SyncStopped(why) : new Error(why);
      }
      await sleep(wait);
      continue;
    } catch (error) {
      if (status !== null) throw error;
    }
    // No answer (refused connection, reset): the same backoff as a 5xx.
    const wait = waitBeforeRetry(null, null, attempt, retry);
    if (wait === null) throw new SyncStopped(`GET ${path}: no answer after ${attempt} attempts`);
    await sleep(wait);
  }
}
