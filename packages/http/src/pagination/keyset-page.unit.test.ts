import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../errors/api-error.js';
import { CursorCodec } from './cursor-codec.js';
import { keysetField } from './keyset-fields.js';
import { keysetPage } from './keyset-page.js';

const cursors = new CursorCodec('a-secret-of-at-least-thirty-two-characters');
type Row = { at: string; id: string };
type Key = [string, string];
const KEY = z.tuple([keysetField.instant, keysetField.uuid]);

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const instant = (s: number) => `2025-03-01T12:00:${String(s).padStart(2, '0')}.000001Z`;
// Several rows per instant, so the tie-break by id matters.
const table: Row[] = Array.from({ length: 23 }, (_, i) => ({ at: instant(Math.floor(i / 4)), id: uuid(i) }));

function page(cursor: string | undefined, limite: number, filters: Record<string, unknown> = {}) {
  return keysetPage<Row, string, Key>({
    cursors,
    list: 'teste',
    empresa: 'empresa-a',
    filters,
    limite,
    cursor,
    keyset: KEY,
    keysetOf: (row) => [row.at, row.id],
    present: (row) => row.id,
    fetch: async (after, limit) =>
      table
        .filter((r) => after === null || r.at > after[0] || (r.at === after[0] && r.id > after[1]))
        .slice(0, limit),
  });
}

async function walk(limite: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const result = await page(cursor, limite);
    seen.push(...result.dados);
    cursor = result.proximo_cursor ?? undefined;
  } while (cursor);
  return seen;
}

const codeOf = async (work: Promise<unknown>) =>
  work.then(
    () => 'ok',
    (error: unknown) => (error instanceof ApiError ? error.codigo : 'other'),
  );

describe('keysetPage', () => {
  it('visits every row exactly once, in order, at any page size', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), async (limite) => {
        expect(await walk(limite)).toEqual(table.map((r) => r.id));
      }),
    );
  });

  it('answers a null cursor on the last page, also when it is exactly full', async () => {
    expect((await page(undefined, 23)).proximo_cursor).toBeNull();
    expect((await page(undefined, 22)).proximo_cursor).not.toBeNull();
    expect((await page(undefined, 200)).dados).toHaveLength(23);
  });

  it('refuses a cursor of other filters, of another list, or with a keyset of another shape', async () => {
    const { proximo_cursor } = await page(undefined, 5, { insumo_id: 'a' });
    expect(await codeOf(page(proximo_cursor!, 5, { insumo_id: 'a' }))).toBe('ok');
    expect(await codeOf(page(proximo_cursor!, 5, { insumo_id: 'b' }))).toBe('cursor_invalido');
    const otherList = cursors.encode({ list: 'outra', empresa: 'empresa-a', filters: {} }, [
      instant(1),
      uuid(1),
    ]);
    expect(await codeOf(page(otherList, 5))).toBe('cursor_invalido');
    const otherShape = cursors.encode({ list: 'teste', empresa: 'empresa-a', filters: {} }, [
      '2025-03-01T12:00:00Z',
      uuid(1),
    ]);
    expect(await codeOf(page(otherShape, 5))).toBe('cursor_invalido');
    expect(await codeOf(page('x'.repeat(40), 5))).toBe('cursor_invalido');
  });
});
