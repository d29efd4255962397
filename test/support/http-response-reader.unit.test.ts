import { describe, expect, it } from 'vitest';
import { HttpResponseReader, headerOf } from './http-response-reader.js';

const read = (bytes: string, ended = false) => {
  const reader = new HttpResponseReader();
  reader.push(Buffer.from(bytes, 'latin1'));
  if (ended) reader.end();
  const all = [];
  for (let next = reader.next(); next; next = reader.next()) all.push(next);
  return { all, pending: reader.pending };
};

describe('HttpResponseReader', () => {
  it('reads an interim answer, then a body by Content-Length, then a pipelined chunked one', () => {
    const { all, pending } = read(
      'HTTP/1.1 100 Continue\r\n\r\n' +
        'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nSet-Cookie: a\r\nSet-Cookie: b\r\n\r\nhello' +
        'HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n3;x=1\r\nabc\r\n2\r\nde\r\n0\r\nX-T: 1\r\n\r\n',
    );
    expect(all.map((r) => [r.status, r.framing, r.body])).toEqual([
      [100, 'none', ''],
      [200, 'content-length', 'hello'],
      [404, 'chunked', 'abcde'],
    ]);
    expect(headerOf(all[1]!, 'set-cookie')).toBe('a, b');
    expect(all[2]!.trailers).toEqual([['x-t', '1']]);
    expect(pending).toBe(0);
  });

  it('waits for the rest of a body, and for the close when nothing frames it', () => {
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhel').all).toEqual([]);
    expect(read('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n').all).toEqual([]);
    expect(read('HTTP/1.0 200 OK\r\n\r\nuntil the end').all).toEqual([]);
    expect(
      read('HTTP/1.0 200 OK\r\n\r\nuntil the end', true).all.map((r) => [r.version, r.framing, r.body]),
    ).toEqual([['HTTP/1.0', 'close', 'until the end']]);
    expect(read('HTTP/1.1 204 No Content\r\n\r\n').all.map((r) => r.framing)).toEqual(['none']);
  });

  it('refuses what it does not understand instead of guessing', () => {
    expect(() => read('HTTP/2 200\r\n\r\n')).toThrow(/status line/);
    expect(() => read('HTTP/1.1 200 OK\r\n folded\r\n\r\n')).toThrow(/header line/);
    expect(() => read('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhel', true)).toThrow(
      /inside a response body/,
    );
    expect(() => read('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n')).toThrow(/transfer coding/);
  });
});
