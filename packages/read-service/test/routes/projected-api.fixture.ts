// A read API over a real projector, for the list route tests: events are decided with the pure
// domain by a writer fixture and appended to the log; the projector runs in-process.
import type { EventStore } from '@factory/event-store';
import { readCheckpoint, waitUntilCaughtUp } from '@factory/read-models';
import { createToken } from '@factory/tenants';
import { createTenantFixture, type TenantFixture } from '@factory/tenants/testing';
import { createTestApi, createTestDatabase, TestClock, type TestDatabase } from '@factory/testing';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { startFollowingProjector } from '../../../../packages/read-models/test/projector/following-projector.fixture.js';
import { readApiRoutes } from '../../src/index.js';

export interface ProjectedApi<W> {
  db: TestDatabase;
  store: EventStore;
  app: FastifyInstance;
  clock: TestClock;
  /**
   * Waits until everything appended so far is projected and the watermark is past it: by the
   * lists' projection, or by another one the test reads too.
   */
  settled(projection?: string): Promise<void>;
  tenant(escopos: readonly string[]): Promise<ProjectedTenant<W>>;
}

export interface ProjectedTenant<W> extends TenantFixture {
  writer: W;
  /** Another token of the same company. */
  token2(escopos: readonly string[]): Promise<string>;
}

export async function createProjectedApi<W>(options: {
  /** The projection the lists under test read (its checkpoint and watermark are awaited). */
  projection: string;
  writer: (store: EventStore, empresaId: string) => W;
  windowSeconds?: number;
  clock?: TestClock;
}): Promise<ProjectedApi<W>> {
  const db = await createTestDatabase();
  const store = startFollowingProjector(db, { pollIntervalMs: 200 });
  const clock = options.clock ?? new TestClock();
  const service = await createTestApi(db, {
    checkAnswers: true,
    routes: readApiRoutes({ pool: db.pool, windowSeconds: options.windowSeconds, clock: clock.now }),
    clock,
    redisUrl: null,
    limits: { perToken: 1_000_000, perCompany: 1_000_000 },
  });
  return {
    db,
    store,
    app: service.app,
    clock,
    async settled(projection = options.projection) {
      await waitUntilCaughtUp(db.pool, store, projection, { timeoutMs: 20_000 });
      const reached = Date.now();
      for (let tries = 0; ; tries++) {
        const watermark = (await readCheckpoint(db.pool, projection))?.watermark?.getTime() ?? 0;
        if (watermark >= reached) return;
        if (tries > 500) throw new Error('the watermark did not move past the last append');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async tenant(escopos) {
      const fixture = await createTenantFixture(db.pool, { escopos, now: clock.now() });
      return {
        ...fixture,
        writer: options.writer(store, fixture.empresaId),
        token2: async (scopes) =>
          (
            await createToken(db.pool, {
              empresaId: fixture.empresaId,
              criadorId: fixture.usuarioId,
              nome: `outro ${scopes.join(' ')}`,
              escopos: scopes,
              now: clock.now(),
            })
          ).token,
      };
    },
  };
}

/** A TestClock that follows the system clock, for tests that run in real time. */
export class SystemClock extends TestClock {
  override now = (): Date => new Date();
}

/**
 * Instants ten minutes back, so the rows written at them are older than any stabilisation cut:
 * `at(n)` is `n` units after `base`, `shown(n)` the same instant as the API writes it.
 */
export function pastInstants(unitMs: number) {
  const base = Date.now() - 10 * 60_000;
  const at = (n: number) => new Date(base + n * unitMs).toISOString();
  return { base, at, shown: (n: number) => at(n).replace('Z', '+00:00') };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Row = Record<string, unknown>;
type Page = { dados: Row[]; proximo_cursor: string | null };

/** GETs `url` and returns the JSON body, failing on any status but 200. */
export async function getOk<T = Page>(app: FastifyInstance, url: string, token: string): Promise<T> {
  const res = await app.inject({ url, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** Every row of a list, following proximo_cursor to the end. */
export async function traverse(app: FastifyInstance, url: string, token: string) {
  const rows: Row[] = [];
  const sep = url.includes('?') ? '&' : '?';
  let cursor: string | null = null;
  do {
    const page: Page = await getOk(app, cursor ? `${url}${sep}cursor=${cursor}` : url, token);
    rows.push(...page.dados);
    cursor = page.proximo_cursor;
  } while (cursor);
  return rows;
}

/** Expects an error envelope with this status, codigo and (if given) campo. */
export async function expectError(
  app: FastifyInstance,
  url: string,
  token: string | null,
  status: number,
  codigo: string,
  campo?: string,
): Promise<void> {
  const res = await app.inject({ url, headers: token ? bearer(token) : {} });
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().erro).toMatchObject({ codigo, ...(campo ? { campo } : {}) });
}

/** The list's order: ascending (atualizado_em, tie-break key). */
export const sortedBy = (rows: Row[], tieBreak: string) =>
  [...rows].sort((a, b) =>
    `${a.atualizado_em}|${a[tieBreak]}` < `${b.atualizado_em}|${b[tieBreak]}` ? -1 : 1,
  );

/** Expects the cursor of `url`'s first page to be refused once `otherFilters` are sent with it. */
export async function expectCursorBoundToFilters(
  app: FastifyInstance,
  url: string,
  token: string,
  otherFilters: string,
): Promise<void> {
  const { proximo_cursor } = await getOk(app, `${url}?limite=1`, token);
  expect(proximo_cursor).not.toBeNull();
  await expectError(app, `${url}?${otherFilters}&cursor=${proximo_cursor}`, token, 400, 'cursor_invalido');
}
