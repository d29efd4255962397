import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoCompany } from '@factory/tenants';
import { createTestDatabase, describeWith } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RawAnswer, rawRequest } from '../../packages/http/test/http-layer/raw-http.fixture.js';
import { describeWithNginx, type NginxFrontDoor, startNginx } from '../support/nginx-front-door.js';
import { comparable, RAW_HTTP_CASES, type RawCaseName, type RawTarget } from '../support/raw-http-cases.js';
import {
  apartApiPorts,
  type ServiceProcess,
  SINGLE_MACHINE,
  START_APART,
  startService,
} from '../support/service-process.js';
import { Client, exercise, type TranscriptEntry } from './black-box-calls.js';

// The production front door, infra/nginx.conf.template, run by the real nginx (as compose runs
// it, with this machine's ports) in front of the write API and the read API of
// `npm run start:apart`. The black-box calls and the raw-socket cases answer through it as
// `npm start` answers them; every answer nginx gives itself is provoked for real and must be
// the service's error envelope with X-Request-Id, never nginx's HTML page.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An answer nginx gave itself: the envelope, its id in the header, nothing for caches. */
function expectEnvelope(answer: RawAnswer, status: number, codigo: string): void {
  const summary = { status: answer.status, contentType: answer.headers['content-type'], body: answer.body };
  expect(summary).toMatchObject({ status, contentType: 'application/json; charset=utf-8' });
  const envelope = JSON.parse(answer.body) as {
    erro: { codigo: string; mensagem: string; id_requisicao: string };
  };
  expect(envelope).toEqual({
    erro: { codigo, mensagem: expect.any(String), id_requisicao: answer.headers['x-request-id'] },
  });
  expect(answer.headers['x-request-id']).toMatch(UUID);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

/** The retry advice of `erro_interno`: wait (Retry-After, in whole seconds, at least 1) and retry. */
function expectRetryAdvice(answer: RawAnswer): void {
  expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(JSON.parse(answer.body).erro.mensagem).toMatch(/Tente de novo/);
}

/** Sends `bytes` and resolves with everything received once the server closes the connection. */
function untilServerCloses(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => {
      received += String(chunk);
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

/** An API that takes connections and requests and never answers. */
async function silentApi(): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    server,
    port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** nginx adds `Server: nginx` (version hidden); every other header must be the API's. */
const withoutServer = (transcript: TranscriptEntry[]) =>
  transcript.map(({ headers: { server: _server, ...headers }, ...entry }) => ({ ...entry, headers }));

describeWithNginx('nginx (infra/nginx.conf.template) in front of npm run start:apart', () => {
  describeWith(['postgres'], 'the real nginx', () => {
    let dataDir: string;
    /** `npm run start:apart`, whose APIs nginx fronts; and `npm start`, the answers to match. */
    let apart: ServiceProcess | undefined;
    let single: ServiceProcess | undefined;
    let nginx: NginxFrontDoor | undefined;
    const tokens = new Map<string, string>();

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'factory-nginx-e2e-'));
      const started: ServiceProcess[] = [];
      for (const mode of [START_APART, SINGLE_MACHINE]) {
        const db = await createTestDatabase({ poolSize: 1 });
        tokens.set(mode.name, (await seedDemoCompany(db.pool, new Date())).token!);
        // the embedded port is unused: DATABASE_URL names this file's test database
        started.push(
          await startService(mode, join(dataDir, mode.name), 1, {
            DATABASE_URL: db.url,
            STABILIZATION_WINDOW_SECONDS: '0',
            RATE_LIMIT_PER_TOKEN: '100000',
            RATE_LIMIT_PER_COMPANY: '100000',
            LOG_LEVEL: 'info', // each request's line, with the client's address
          }),
        );
      }
      [apart, single] = started;
      const apis = apartApiPorts(apart!);
      nginx = await startNginx({
        readApi: `127.0.0.1:${apis.readApi}`,
        writeApi: `127.0.0.1:${apis.writeApi}`,
      });
    }, 240_000);

    afterAll(async () => {
      await nginx?.stop();
      const stopped = await Promise.all([apart?.stop(), single?.stop()]);
      await rm(dataDir, { recursive: true, force: true });
      expect(stopped).toEqual([0, 0]);
    }, 120_000);

    it('answers the black-box calls as npm start does', async () => {
      const viaNginx = new Client(nginx!.base, tokens.get(START_APART.name)!);
      const direct = new Client(`http://127.0.0.1:${single!.port}`, tokens.get(SINGLE_MACHINE.name)!);
      for (const [client, printed] of [
        [viaNginx, () => `${nginx!.output()}\n${apart!.stderr()}`],
        [direct, () => single!.stderr()],
      ] as const)
        await exercise(client).catch((error: Error) => {
          error.message += `\n--- printed:\n${printed()}`;
          throw error;
        });
      expect(viaNginx.checked).toBeGreaterThan(30);
      expect(viaNginx.problems, 'answers that break the description').toEqual([]);
      expect(new Set(viaNginx.transcript.map((entry) => entry.headers.server))).toEqual(new Set(['nginx']));
      expect(withoutServer(viaNginx.transcript)).toEqual(direct.transcript);
    }, 180_000);

    for (const [name, run] of Object.entries(RAW_HTTP_CASES) as Array<
      [RawCaseName, (target: RawTarget) => Promise<Parameters<typeof comparable>[0]>]
    >)
      it(`raw socket, ${name}: answers as npm start does`, async () => {
        const viaNginx = await run({
          host: '127.0.0.1',
          port: nginx!.port,
          token: tokens.get(START_APART.name)!,
        });
        const direct = await run({
          host: '127.0.0.1',
          port: Number(single!.port),
          token: tokens.get(SINGLE_MACHINE.name)!,
        });
        expect(viaNginx.leakedHopByHop).toEqual([]);
        expect(viaNginx.extraBytes).toBe(0);
        expect(comparable(viaNginx)).toEqual(comparable(direct));
      }, 120_000);

    it("replaces a client's X-Forwarded-For: the APIs log the address nginx saw", async () => {
      // The apart APIs believe loopback, where nginx is: an X-Forwarded-For nginx only appended
      // to would have them log the address the client wrote.
      const path = `/v1/nada-${randomUUID()}`;
      const answer = await fetch(nginx!.base + path, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(answer.status).toBe(404);
      // The API's log line and its answer travel apart: wait for the line.
      const logged = () =>
        apart!
          .stdout()
          .split('\n')
          .find((text) => text.includes(path) && text.includes('remoteAddress'));
      while (!logged()) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(JSON.parse(logged()!).req.remoteAddress).toBe('127.0.0.1');
    });

    it('answers a malformed request line with 400 parametro_invalido', async () => {
      expectEnvelope(await rawRequest(nginx!.port, 'GARBAGE\r\n\r\n'), 400, 'parametro_invalido');
    });

    it('answers an HTTP version it does not speak with 505 parametro_invalido', async () => {
      const answer = await rawRequest(nginx!.port, 'GET /v1/eu HTTP/2.0\r\nHost: a\r\n\r\n');
      expectEnvelope(answer, 505, 'parametro_invalido');
    });

    it('answers a URL longer than its request-line buffer (8 KB) with 414', async () => {
      const answer = await rawRequest(
        nginx!.port,
        `GET /v1/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`,
      );
      expectEnvelope(answer, 414, 'parametro_invalido');
    });

    it('answers a header larger than its header buffer (8 KB) with 431, not its 400', async () => {
      const answer = await rawRequest(
        nginx!.port,
        `GET /v1/eu HTTP/1.1\r\nHost: a\r\nCookie: ${'c'.repeat(20_000)}\r\n\r\n`,
      );
      expectEnvelope(answer, 431, 'parametro_invalido');
    });

    it('answers a body above its 1 MB limit with 413 corpo_grande_demais, before reading it', async () => {
      const answer = await rawRequest(
        nginx!.port,
        'POST /v1/insumos/lote HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${2 * 1024 * 1024}\r\n\r\n{"itens":[`,
      );
      expectEnvelope(answer, 413, 'corpo_grande_demais');
    });

    it('answers its own paths for these answers, asked from outside, with 404 rota_inexistente', async () => {
      const answer = await rawRequest(nginx!.port, 'GET /.erro/malformed HTTP/1.1\r\nHost: a\r\n\r\n');
      expectEnvelope(answer, 404, 'rota_inexistente');
    });

    it('answers 504 with the retry advice when an API does not answer in time', async () => {
      const api = await silentApi();
      const slow = await startNginx({
        readApi: `127.0.0.1:${api.port}`,
        writeApi: `127.0.0.1:${api.port}`,
        overrides: { ROUTER_PROXY_READ_TIMEOUT: '1s' },
      });
      try {
        const answer = await rawRequest(slow.port, 'GET /v1/eu HTTP/1.1\r\nHost: a\r\n\r\n');
        expectEnvelope(answer, 504, 'erro_interno');
        expectRetryAdvice(answer);
      } finally {
        await slow.stop();
        await api.close();
      }
    });

    it('closes, writing nothing (no 408 and no HTML), on a client that sends its head too slowly', async () => {
      const slow = await startNginx({
        readApi: '127.0.0.1:1',
        writeApi: '127.0.0.1:1',
        overrides: { ROUTER_CLIENT_HEADER_TIMEOUT: '1s' },
      });
      try {
        // nginx never writes the 408 it logs for a client that times out (nor for a slow body).
        expect(await untilServerCloses(slow.port, 'GET /v1/eu HTTP/1.1\r\nHost: a\r\n')).toBe('');
      } finally {
        await slow.stop();
      }
    });

    // Last: it stops the APIs nginx fronts.
    it('answers 502 with the retry advice once the APIs are stopped', async () => {
      expect(await apart!.stop()).toBe(0);
      for (const request of [
        'GET /v1/eu HTTP/1.1\r\nHost: a\r\n\r\n',
        'POST /v1/insumos/lote HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      ]) {
        const answer = await rawRequest(nginx!.port, request);
        expectEnvelope(answer, 502, 'erro_interno');
        expectRetryAdvice(answer);
      }
    }, 60_000);
  });
});
