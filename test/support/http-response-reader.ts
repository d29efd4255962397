/** One HTTP/1.x answer as it came off the wire. */
export interface WireResponse {
  /** `HTTP/1.1` or `HTTP/1.0`, as the status line says. */
  version: string;
  status: number;
  /** In arrival order, names lower-cased; repeated headers stay repeated. */
  headers: Array<[string, string]>;
  /** How the body's end was known: by length, by chunks, by the connection's close, or no body. */
  framing: 'content-length' | 'chunked' | 'close' | 'none';
  body: string;
  /** Trailer fields of a chunked body. */
  trailers: Array<[string, string]>;
}

/** The value of a header (repeated ones joined by `, `), or undefined. */
export function headerOf(response: WireResponse, name: string): string | undefined {
  const values = response.headers.filter(([key]) => key === name).map(([, value]) => value);
  return values.length === 0 ? undefined : values.join(', ');
}

const CRLF = Buffer.from('\r\n');

/**
 * Reads successive HTTP/1.x responses from the bytes of one connection (RFC 9112): 1xx interim
 * answers, then bodies framed by chunked coding, Content-Length, or the connection's close.
 *
 * Hand-written because Node's own parser (llhttp) is reachable only through `node:http`'s client,
 * which writes its own requests and tidies them; these tests send bytes as written (pipelined,
 * HTTP/1.0, half-sent bodies) and must see every byte of every answer, interim ones included.
 * It is strict: anything it does not understand throws instead of being guessed at.
 */
export class HttpResponseReader {
  #buffer = Buffer.alloc(0);
  #ended = false;

  /** @param bodiless whether the n-th final response answers a request whose answer has no body (HEAD). */
  constructor(private readonly bodiless: (index: number) => boolean = () => false) {}

  #finals = 0;

  push(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
  }

  /** The peer closed its side: a body framed by the close is complete now. */
  end(): void {
    this.#ended = true;
  }

  /** Bytes received and not yet part of a response. */
  get pending(): number {
    return this.#buffer.length;
  }

  /** The next complete response, or null until more bytes (or the close) arrive. */
  next(): WireResponse | null {
    const headEnd = this.#buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) {
      if (this.#ended && this.#buffer.length > 0)
        throw new Error(`connection closed inside a response head: ${this.#preview()}`);
      return null;
    }
    const [statusLine, ...lines] = this.#buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const status = /^(HTTP\/1\.[01]) ([1-5]\d\d)(?: .*)?$/.exec(statusLine!);
    if (!status) throw new Error(`not an HTTP/1.x status line: ${JSON.stringify(statusLine)}`);
    const headers = lines.map((line): [string, string] => {
      const colon = line.indexOf(':');
      if (colon <= 0 || /^\s/.test(line)) throw new Error(`malformed header line: ${JSON.stringify(line)}`);
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    });
    const code = Number(status[2]);
    const base = { version: status[1]!, status: code, headers, trailers: [] as Array<[string, string]> };
    let rest = this.#buffer.subarray(headEnd + 4);
    const interim = code < 200;
    if (interim || code === 204 || code === 304 || this.bodiless(this.#finals)) {
      this.#buffer = rest;
      if (!interim) this.#finals++;
      return { ...base, framing: 'none', body: '' };
    }
    const transferEncoding = headers.find(([name]) => name === 'transfer-encoding')?.[1];
    const length = headers.find(([name]) => name === 'content-length')?.[1];
    if (transferEncoding !== undefined) {
      if (transferEncoding.toLowerCase() !== 'chunked')
        throw new Error(`transfer coding not understood: ${transferEncoding}`);
      const chunks: Buffer[] = [];
      for (;;) {
        const lineEnd = rest.indexOf(CRLF);
        if (lineEnd < 0) return this.#incomplete();
        const size = Number.parseInt(rest.subarray(0, lineEnd).toString('latin1').split(';')[0]!, 16);
        if (Number.isNaN(size)) throw new Error(`bad chunk size line: ${this.#preview()}`);
        rest = rest.subarray(lineEnd + 2);
        if (size === 0) {
          const trailersEnd = rest.indexOf('\r\n');
          if (trailersEnd < 0) return this.#incomplete();
          let trailerBlock = '';
          if (trailersEnd > 0) {
            const blockEnd = rest.indexOf('\r\n\r\n');
            if (blockEnd < 0) return this.#incomplete();
            trailerBlock = rest.subarray(0, blockEnd).toString('latin1');
            rest = rest.subarray(blockEnd + 4);
          } else rest = rest.subarray(2);
          for (const line of trailerBlock ? trailerBlock.split('\r\n') : []) {
            const colon = line.indexOf(':');
            base.trailers.push([line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()]);
          }
          break;
        }
        if (rest.length < size + 2) return this.#incomplete();
        chunks.push(rest.subarray(0, size));
        rest = rest.subarray(size + 2);
      }
      this.#buffer = rest;
      this.#finals++;
      return { ...base, framing: 'chunked', body: Buffer.concat(chunks).toString('utf8') };
    }
    if (length !== undefined) {
      if (!/^\d+$/.test(length)) throw new Error(`bad Content-Length: ${length}`);
      const size = Number(length);
      if (rest.length < size) return this.#incomplete();
      this.#buffer = rest.subarray(size);
      this.#finals++;
      return { ...base, framing: 'content-length', body: rest.subarray(0, size).toString('utf8') };
    }
    // Neither: the body runs to the connection's close (RFC 9112 §6.3, rule 8).
    if (!this.#ended) return null;
    this.#buffer = Buffer.alloc(0);
    this.#finals++;
    return { ...base, framing: 'close', body: rest.toString('utf8') };
  }

  #incomplete(): null {
    if (this.#ended) throw new Error(`connection closed inside a response body: ${this.#preview()}`);
    return null;
  }

  #preview(): string {
    return JSON.stringify(this.#buffer.toString('latin1').slice(0, 200));
  }
}
