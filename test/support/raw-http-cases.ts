import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { HttpResponseReader, headerOf, type WireResponse } from './http-response-reader.js';

// Raw-socket cases about the connection itself (issue 22): what a front door (the single
// process, the router of `npm run start:apart`, nginx) answers to HTTP/1.x clients that
// close, pipeline, speak HTTP/1.0, expect 100-continue, or vanish mid-body. Each case returns
// what it saw, so a test can compare two front doors, or check one against the RFCs.

export interface RawTarget {
  host: string;
  port: number;
  /** A token with every scope (the `Authorization: Bearer` value). */
  token: string;
  /** The address the client connects from (on Linux, any of 127.0.0.0/8 tells it from the router). */
  localAddress?: string;
}

/** Hop-by-hop fields (RFC 9110 §7.6.1): about one connection, never forwarded by a proxy. */
export const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/**
 * Hop-by-hop fields that may only describe the connection they arrived on: a server's own
 * `Connection` and `Keep-Alive` (its keep-alive decision) and `Transfer-Encoding` (its framing).
 * Any other one in an answer, or a field named by `Connection`, came from behind a proxy.
 */
const OWN_CONNECTION_FIELDS = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/**
 * How long a case waits for what a correct server does at once (an answer, a close, a 100
 * Continue) before recording that it did not happen. Only a wrong answer waits this long; the
 * router this was written against kept a `Connection: close` socket open for 72 s.
 */
const PATIENCE_MS = 20_000;

/** What one case saw on its connection(s). */
export interface RawObservation {
  /** 1xx answers, in order (`Expect: 100-continue`). */
  interim: number[];
  /** Final answers, in order. */
  responses: WireResponse[];
  /** The server closed the connection after its answers (and before the client did). */
  closedByServer: boolean;
  /** Hop-by-hop fields in any answer that cannot be the server's own (see above). */
  leakedHopByHop: string[];
  /** Bytes that arrived after the last answer the case waited for. */
  extraBytes: number;
  /** For the mid-body case: the status of the next client's request on a new connection. */
  nextClientStatus?: number;
}

/** One client connection that sends raw bytes and reads answers with a strict reader. */
class RawConnection {
  readonly socket: Socket;
  readonly reader: HttpResponseReader;
  readonly interim: number[] = [];
  closedByServer = false;
  #wake: (() => void) | undefined;
  #failure: Error | undefined;
  #closed = false;
  readonly ready: Promise<void>;

  constructor(
    target: Pick<RawTarget, 'host' | 'port' | 'localAddress'>,
    bodiless?: (index: number) => boolean,
  ) {
    this.reader = new HttpResponseReader(bodiless);
    this.socket = connect({ port: target.port, host: target.host, localAddress: target.localAddress });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk) => {
      this.reader.push(chunk);
      this.#wake?.();
    });
    this.socket.on('end', () => {
      this.closedByServer = true;
      this.reader.end();
      this.#wake?.();
    });
    this.socket.on('error', (error) => {
      this.#failure = error;
      this.#wake?.();
    });
    this.socket.on('close', () => {
      this.#closed = true;
      this.reader.end();
      this.#wake?.();
    });
  }

  send(bytes: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** Resolves when `check` gives a value, or with undefined after PATIENCE_MS. */
  async #until<T>(check: () => T | undefined): Promise<T | undefined> {
    const deadline = Date.now() + PATIENCE_MS;
    for (;;) {
      const value = check();
      if (value !== undefined) return value;
      if (this.#failure && !this.#closed) throw this.#failure;
      if (this.#closed || Date.now() >= deadline) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
    }
  }

  /** The next final answer (1xx ones are recorded on the way), or an error if none comes. */
  async response(): Promise<WireResponse> {
    const answer = await this.#until(() => {
      for (;;) {
        const next = this.reader.next();
        if (next === null) return undefined;
        if (next.status >= 200) return next;
        this.interim.push(next.status);
      }
    });
    if (!answer)
      throw new Error(
        this.#closed ? 'the server closed without an answer' : `no answer within ${PATIENCE_MS} ms`,
      );
    return answer;
  }

  /**
   * What came first after a request head with `Expect: 100-continue`: a 1xx answer, a final one
   * (a server may refuse at once: the body is then not sent), or nothing within PATIENCE_MS.
   */
  async interimAnswer(): Promise<'interim' | WireResponse | 'nothing'> {
    const seen = await this.#until((): 'interim' | WireResponse | undefined => {
      if (this.interim.length > 0) return 'interim';
      const next = this.reader.next();
      if (next === null) return undefined;
      if (next.status >= 200) return next;
      this.interim.push(next.status);
      return 'interim';
    });
    return seen ?? 'nothing';
  }

  /** Whether the server closes the connection (true) or keeps it past PATIENCE_MS (false). */
  async serverCloses(): Promise<boolean> {
    return (await this.#until(() => (this.closedByServer || this.#closed ? true : undefined))) === true;
  }

  close(): void {
    this.socket.destroy();
  }
}

const head = (target: RawTarget) =>
  `Host: ${target.host}:${target.port}\r\nAuthorization: Bearer ${target.token}\r\n`;

/** A request that reads with no side effect; answered 200 by the service for a valid token. */
const read = (target: RawTarget, version = '1.1', extra = '') =>
  `GET /v1/eu HTTP/${version}\r\n${head(target)}${extra}\r\n`;

/** A write with a valid body: one new supply item (a new SKU each time). */
function writeBody(): string {
  const sku = `RAW-${randomUUID().slice(0, 8).toUpperCase()}`;
  return JSON.stringify({
    itens: [
      { sku, nome: 'Teste de conexão', unidade_compra: 'rolo', unidade_consumo: 'm', fator_conversao: 10 },
    ],
  });
}
const WRITE_PATH = '/v1/insumos/lote';

function leaked(responses: WireResponse[]): string[] {
  const found = new Set<string>();
  for (const response of responses) {
    const named = (headerOf(response, 'connection') ?? '')
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter((token) => token && token !== 'close' && token !== 'keep-alive');
    for (const [name] of response.headers)
      if ((HOP_BY_HOP.includes(name) && !OWN_CONNECTION_FIELDS.has(name)) || named.includes(name))
        found.add(name);
  }
  return [...found].sort();
}

async function observe(
  connection: RawConnection,
  responses: WireResponse[],
  expectClose: boolean,
): Promise<RawObservation> {
  const closedByServer = expectClose ? await connection.serverCloses() : connection.closedByServer;
  const observation: RawObservation = {
    interim: connection.interim,
    responses,
    closedByServer,
    leakedHopByHop: leaked(responses),
    extraBytes: connection.reader.pending,
  };
  connection.close();
  return observation;
}

/**
 * Any bytes, then `answers` final answers read from the connection; `closes`: whether the server
 * is expected to close after them (waited for), else the connection is left as it is.
 */
export async function rawExchange(
  target: Pick<RawTarget, 'host' | 'port' | 'localAddress'>,
  bytes: string,
  { answers = 1, closes = true }: { answers?: number; closes?: boolean } = {},
): Promise<RawObservation> {
  const connection = new RawConnection(target);
  await connection.ready;
  await connection.send(bytes);
  const responses: WireResponse[] = [];
  while (responses.length < answers) responses.push(await connection.response());
  return observe(connection, responses, closes);
}

/** `Connection: close` on HTTP/1.1: one answer, then the server closes (RFC 9112 §9.6). */
export async function connectionClose(target: RawTarget): Promise<RawObservation> {
  const connection = new RawConnection(target);
  await connection.ready;
  await connection.send(read(target, '1.1', 'Connection: close\r\n'));
  const answer = await connection.response();
  return observe(connection, [answer], true);
}

/** HTTP/1.0 without `Connection: keep-alive`: one answer, then the server closes. */
export async function http10(target: RawTarget): Promise<RawObservation> {
  const connection = new RawConnection(target);
  await connection.ready;
  await connection.send(read(target, '1.0'));
  const answer = await connection.response();
  return observe(connection, [answer], true);
}

/**
 * HTTP/1.0 with `Connection: keep-alive`: the connection stays open for a second request (which
 * proves it without waiting for anything), and closes after that one, sent without keep-alive.
 */
export async function http10KeepAlive(target: RawTarget): Promise<RawObservation> {
  const connection = new RawConnection(target);
  await connection.ready;
  await connection.send(read(target, '1.0', 'Connection: keep-alive\r\n'));
  const first = await connection.response();
  if (connection.closedByServer) return observe(connection, [first], false);
  await connection.send(read(target, '1.0'));
  const second = await connection.response();
  return observe(connection, [first, second], true);
}

/**
 * Two requests in one write (a read, then a path no route serves): both answered, in order, on
 * the same connection, which then still takes a third request (`Connection: close`, so it ends).
 */
export async function pipelined(target: RawTarget): Promise<RawObservation> {
  const connection = new RawConnection(target);
  await connection.ready;
  const unrouted = `GET /v1/rota-que-nao-existe HTTP/1.1\r\n${head(target)}\r\n`;
  await connection.send(`${read(target)}${unrouted}`);
  const first = await connection.response();
  const second = await connection.response();
  if (connection.closedByServer) return observe(connection, [first, second], false);
  await connection.send(read(target, '1.1', 'Connection: close\r\n'));
  const third = await connection.response();
  return observe(connection, [first, second, third], true);
}

/**
 * `Expect: 100-continue` on a write with a valid token (RFC 9110 §10.1.1): the client sends the
 * head only, waits for 100 Continue, then the body, and gets the write's real answer. A server
 * that sends no 100 is recorded (`interim` empty) after PATIENCE_MS, when the body goes anyway;
 * one that answers at once with a final status gets no body, and that answer is recorded.
 */
export async function expectContinue(target: RawTarget): Promise<RawObservation> {
  const connection = new RawConnection(target);
  await connection.ready;
  const body = Buffer.from(writeBody());
  await connection.send(
    `POST ${WRITE_PATH} HTTP/1.1\r\n${head(target)}Content-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  const first = await connection.interimAnswer();
  if (typeof first === 'object') return observe(connection, [first], true);
  await connection.send(body);
  const answer = await connection.response();
  return observe(connection, [answer], true);
}

/**
 * A client that sends a write's head and half its body, then closes: the server has nothing to
 * answer (what came before the close is recorded), and keeps serving: the next client, on a new
 * connection, is answered.
 */
export async function clientClosesMidBody(target: RawTarget): Promise<RawObservation> {
  const connection = new RawConnection(target);
  await connection.ready;
  const body = Buffer.from(writeBody());
  await connection.send(
    `POST ${WRITE_PATH} HTTP/1.1\r\n${head(target)}Content-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\n\r\n`,
  );
  await connection.send(body.subarray(0, Math.floor(body.length / 2)));
  const answered: WireResponse[] = [];
  // Whatever came before the close (nothing, from a correct server) is recorded.
  for (let next = connection.reader.next(); next; next = connection.reader.next())
    if (next.status >= 200) answered.push(next);
  const closed = new Promise((resolve) => connection.socket.once('close', resolve));
  connection.close();
  await closed;
  const after = await connectionClose(target);
  return {
    interim: connection.interim,
    responses: answered,
    closedByServer: false,
    leakedHopByHop: leaked(answered),
    extraBytes: 0,
    nextClientStatus: after.responses[0]?.status,
  };
}

/**
 * A request carrying hop-by-hop fields meant for the front door only (RFC 9110 §7.6.1): a field
 * named by `Connection`, `Keep-Alive`, `Proxy-Connection`, `TE`, and `Upgrade` without an
 * upgrade. A front door drops them and answers as if they were absent.
 */
export async function hopByHopRequest(target: RawTarget): Promise<RawObservation> {
  const connection = new RawConnection(target);
  await connection.ready;
  await connection.send(
    read(
      target,
      '1.1',
      'Connection: close, X-Salto\r\nX-Salto: 1\r\nKeep-Alive: timeout=5\r\n' +
        'Proxy-Connection: keep-alive\r\nTE: trailers\r\nUpgrade: websocket\r\n',
    ),
  );
  const answer = await connection.response();
  return observe(connection, [answer], true);
}

/** Every case, by name, in the order they are listed in the issue (plus the extra ones). */
export const RAW_HTTP_CASES = {
  'Connection: close': connectionClose,
  'HTTP/1.0': http10,
  'HTTP/1.0 keep-alive': http10KeepAlive,
  'two pipelined requests': pipelined,
  'Expect: 100-continue on a write': expectContinue,
  'a client that closes mid-body': clientClosesMidBody,
  'hop-by-hop request fields': hopByHopRequest,
} as const;

export type RawCaseName = keyof typeof RAW_HTTP_CASES;

/** Runs every case, one after the other, against one front door. */
export async function runRawHttpCases(target: RawTarget): Promise<Record<RawCaseName, RawObservation>> {
  const observed = {} as Record<RawCaseName, RawObservation>;
  for (const [name, run] of Object.entries(RAW_HTTP_CASES) as Array<
    [RawCaseName, (t: RawTarget) => Promise<RawObservation>]
  >)
    observed[name] = await run(target);
  return observed;
}

/** The error code of an answer in the service's envelope, if it is one. */
function errorCode(response: WireResponse): string | undefined {
  try {
    return (JSON.parse(response.body) as { erro?: { codigo?: string } }).erro?.codigo;
  } catch {
    return undefined;
  }
}

/**
 * What two front doors must agree on, per case: statuses and error codes, the connection
 * decision (`Connection`, `Keep-Alive`, who closed), 1xx answers and leaked fields. Framing and
 * header sets are left out: a proxy may re-frame, and nginx adds `Server`.
 */
export function comparable(observation: RawObservation) {
  return {
    interim: observation.interim,
    answers: observation.responses.map((response) => ({
      status: response.status,
      codigo: errorCode(response),
      connection: headerOf(response, 'connection')?.toLowerCase(),
      keepAlive: headerOf(response, 'keep-alive'),
    })),
    closedByServer: observation.closedByServer,
    leakedHopByHop: observation.leakedHopByHop,
    extraBytes: observation.extraBytes,
    nextClientStatus: observation.nextClientStatus,
  };
}
