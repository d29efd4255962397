import { declareList } from '@factory/api';
import type { Pool } from '@factory/database';
import { CursorCodec, param } from '@factory/http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineListRoute, instantThenUuid, type PageQuery } from './list-route.js';

type Row = { at: string; id: string; custo: number };
type Filters = { familia?: string; upper?: string };

const pool = {} as Pool;
const now = new Date('2025-03-01T12:00:00Z');
const cursors = new CursorCodec('a-secret-of-at-least-thirty-two-characters');
const rows: Row[] = [1, 2, 3].map((n) => ({
  at: `2025-03-01T11:00:0${n}.000001Z`,
  id: `00000000-0000-4000-8000-00000000000${n}`,
  custo: n,
}));
const reads: PageQuery<Filters, [string, string]>[] = [];

const lista = declareList({
  url: '/v1/teste/lista',
  scope: 'teste:ler',
  summary: 'Teste',
  filters: { familia: param.text.optional() },
  item: z.object({ id: z.string(), custo: z.number().nullable() }),
});

const route = defineListRoute({ pool, windowSeconds: 30, clock: () => now }, lista, {
  keyset: instantThenUuid,
  keysetOf: (row) => [row.at, row.id],
  read: async (db: Pool, query: PageQuery<Filters, [string, string]>): Promise<Row[]> => {
    expect(db).toBe(pool);
    reads.push(query);
    return rows.filter((r) => !query.after || r.id > query.after[1]).slice(0, query.limit);
  },
  readFilters: (filters) => ({ upper: filters.familia?.toUpperCase() }),
  cursorFilters: (filters) => ({ familia: filters.familia?.toLowerCase() }),
  present: (row) => ({ id: row.id, custo: row.custo }),
});

const call = (query: Record<string, unknown>, escopos: string[]) =>
  route.handler({
    query: { limite: 2, ...query } as never,
    params: {},
    body: undefined,
    auth: { empresa: { id: 'empresa-1' }, escopos } as never,
    request: { server: { cursors } } as never,
    reply: {} as never,
  });

describe('defineListRoute', () => {
  it('takes limite and cursor before the list filters, and answers dados and proximo_cursor', () => {
    expect(Object.keys(route.query!.shape)).toEqual(['limite', 'cursor', 'familia']);
    expect(Object.keys(route.response.shape)).toEqual(['dados', 'proximo_cursor']);
    expect(route).toMatchObject({ method: 'GET', url: '/v1/teste/lista', scope: 'teste:ler' });
  });

  it("reads the caller's company through the window, one row more than the page", async () => {
    reads.length = 0;
    const page = await call({ familia: 'Tecidos' }, ['teste:ler', 'custos:ler']);
    expect(reads).toEqual([
      {
        empresaId: 'empresa-1',
        filters: { upper: 'TECIDOS' },
        window: { now, windowSeconds: 30 },
        after: null,
        limit: 3,
      },
    ]);
    expect(page.dados).toEqual([
      { id: rows[0]!.id, custo: 1 },
      { id: rows[1]!.id, custo: 2 },
    ]);
  });

  it('binds its cursor to the path after /v1/ and to the filters as cursorFilters gives them', async () => {
    const { proximo_cursor } = await call({ familia: 'Tecidos' }, ['teste:ler']);
    expect(
      cursors.decode(proximo_cursor!, {
        list: 'teste/lista',
        empresa: 'empresa-1',
        filters: { familia: 'tecidos' },
      }),
    ).toEqual([rows[1]!.at, rows[1]!.id]);
    const next = await call({ familia: 'TECIDOS', cursor: proximo_cursor }, ['teste:ler']);
    expect(next).toEqual({ dados: [{ id: rows[2]!.id, custo: 3 }], proximo_cursor: null });
  });
});
