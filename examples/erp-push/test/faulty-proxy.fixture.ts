import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/** What the proxy does with one request: pass it on, answer it itself, or pass it on and keep the answer. */
export type ProxyVerdict =
  | { kind: 'forward' }
  | { kind: 'answer'; status: number; headers?: Record<string, string> }
  | { kind: 'forward-and-hold' };

export interface SeenRequest {
  method: string;
  url: string;
  idempotencyKey: string | undefined;
}

export interface FaultyProxy {
  url: string;
  seen: SeenRequest[];
  /** Set how the next requests are treated (the n-th request seen, counted from 1). */
  decide: (request: SeenRequest, n: number) => ProxyVerdict;
  /** Resolves once a request is held: it reached the service, its answer did not reach the client. */
  held: Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP proxy in front of the real service, for the faults a client meets on the way:
 * a 429 or a 503 from a gateway, or an answer lost after the service took the write (a client
 * killed before it could save that it was done). Everything else is the service's own answer.
 */
export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  let markHeld!: () => void;
  const held = new Promise<void>((resolve) => {
    markHeld = resolve;
  });
  const proxy: FaultyProxy = {
    url: '',
    seen: [],
    decide: () => ({ kind: 'forward' }),
    held,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const seen: SeenRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    };
    proxy.seen.push(seen);
    const verdict = proxy.decide(seen, proxy.seen.length);
    if (verdict.kind === 'answer') {
      res.writeHead(verdict.status, { 'content-type': 'application/json', ...verdict.headers });
      res.end(JSON.stringify({ erro: { codigo: 'erro_interno', mensagem: 'injected by the test proxy' } }));
      return;
    }
    const answer = await fetch(new URL(seen.url, target), {
      method: seen.method,
      headers: forwardable(req.headers),
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (verdict.kind === 'forward-and-hold') {
      markHeld();
      return; // the client waits for an answer that never comes, until it is killed
    }
    const headers = Object.fromEntries(answer.headers);
    for (const name of ['content-length', 'content-encoding', 'transfer-encoding', 'connection'])
      delete headers[name];
    res.writeHead(answer.status, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  proxy.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return proxy;
}

function forwardable(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
      out[name] = value;
  return out;
}
