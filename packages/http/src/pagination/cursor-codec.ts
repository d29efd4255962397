import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors/api-error.js';

// A cursor is base64url(JSON payload) followed by a 22-character base64url HMAC-SHA256 tag
// (16 bytes). The payload binds the list name and a digest of its filters, and the tag also
// covers the company, so a cursor is refused on another list, with other filters or by another
// company. Only [A-Za-z0-9_-] appear, as the spec asks.
const TAG_CHARS = 22;
const MAX_CHARS = 400;

export type KeysetValue = string | number;

interface Payload {
  l: string; // list name
  f: string; // filters digest
  k: KeysetValue[]; // the keyset of the last row served
}

const refuse = () => new ApiError('cursor_invalido', { campo: 'cursor' });

/** What a cursor is valid for: one list of one company, with the same filters. */
export interface CursorScope {
  list: string;
  /** The caller's company id. */
  empresa: string;
  filters: Record<string, unknown>;
}

export class CursorCodec {
  readonly #secret: Buffer;

  constructor(secret: string) {
    this.#secret = Buffer.from(secret, 'utf8');
  }

  encode({ list, empresa, filters }: CursorScope, keyset: KeysetValue[]): string {
    const payload: Payload = { l: list, f: filtersDigest(filters), k: keyset };
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    const cursor = body + this.#tag(empresa, body);
    if (cursor.length > MAX_CHARS) throw new Error(`cursor of ${list} longer than ${MAX_CHARS} characters`);
    return cursor;
  }

  /** The keyset carried by `cursor`; throws cursor_invalido unless it was issued for this scope. */
  decode(cursor: string, { list, empresa, filters }: CursorScope): KeysetValue[] {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor) || cursor.length > MAX_CHARS || cursor.length <= TAG_CHARS)
      throw refuse();
    const body = cursor.slice(0, -TAG_CHARS);
    // Compared as text: base64url's last character carries spare bits, so two different
    // strings can decode to the same bytes, and a cursor must be sent back exactly.
    const given = Buffer.from(cursor.slice(-TAG_CHARS), 'utf8');
    const expected = Buffer.from(this.#tag(empresa, body), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    } catch {
      throw refuse();
    }
    if (payload.l !== list || payload.f !== filtersDigest(filters) || !Array.isArray(payload.k))
      throw refuse();
    return payload.k;
  }

  #tag(empresa: string, body: string): string {
    return createHmac('sha256', this.#secret)
      .update(`${empresa}\n${body}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}

function filtersDigest(filters: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(filters)
      .filter((k) => filters[k] !== undefined)
      .sort()
      .map((k) => [k, filters[k]]),
  );
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 11);
}
