import type { z } from 'zod';
import { ApiError } from '../errors/api-error.js';
import type { CursorCodec, CursorScope, KeysetValue } from './cursor-codec.js';

/** A list response of the specification. */
export interface ListPage<Out> {
  dados: Out[];
  proximo_cursor: string | null;
}

export interface KeysetPageRequest<Row, Out, K extends KeysetValue[]> {
  /** The platform's codec (`request.server.cursors`). */
  cursors: CursorCodec;
  /** Binds the cursor to its list: a cursor of another list is cursor_invalido. */
  list: string;
  /** Binds the cursor to the caller's company: another company's cursor is cursor_invalido. */
  empresa: string;
  /** Every filter that shapes the result (not `limite`): a cursor is valid with the same ones only. */
  filters: Record<string, unknown>;
  limite: number;
  /** The raw `cursor` parameter, if any. */
  cursor: string | undefined;
  /**
   * The shape of the keyset this list issues. A cursor that is signed but carries another shape
   * (issued by an older version of the list) is refused as cursor_invalido, never a 500.
   */
  keyset: z.ZodType<K>;
  /**
   * Rows strictly after `after` in the list's order (from the start when null), at most `limit`.
   * Asked for one row more than the page, to know whether another page exists.
   */
  fetch(after: K | null, limit: number): Promise<Row[]>;
  /** The full sort key of a row, tie-breaks included, so the next page starts exactly after it. */
  keysetOf(row: Row): K;
  present(row: Row): Out;
}

/**
 * The one keyset list of every paginated route: decode the cursor, fetch one row more than the
 * page, and hand out a cursor carrying the last served row's whole keyset. Timestamps in a
 * keyset must be full-precision text, so that the next page resumes exactly after the row.
 */
export async function keysetPage<Row, Out, K extends KeysetValue[]>(
  request: KeysetPageRequest<Row, Out, K>,
): Promise<ListPage<Out>> {
  const after = request.cursor === undefined ? null : decodeKeyset(request);
  const rows = await request.fetch(after, request.limite + 1);
  const page = rows.slice(0, request.limite);
  const last = page.at(-1);
  const more = rows.length > request.limite && last !== undefined;
  return {
    dados: page.map((row) => request.present(row)),
    proximo_cursor: more ? request.cursors.encode(scopeOf(request), request.keysetOf(last)) : null,
  };
}

function decodeKeyset<K extends KeysetValue[]>(request: KeysetPageRequest<unknown, unknown, K>): K {
  const raw = request.cursors.decode(request.cursor!, scopeOf(request));
  const parsed = request.keyset.safeParse(raw);
  if (!parsed.success) throw new ApiError('cursor_invalido', { campo: 'cursor' });
  return parsed.data;
}

const scopeOf = ({ list, empresa, filters }: CursorScope): CursorScope => ({ list, empresa, filters });
