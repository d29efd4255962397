import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoCompany } from '@factory/tenants';
import { createTestDatabase, describeWith } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  comparable,
  RAW_HTTP_CASES,
  type RawCaseName,
  type RawObservation,
  type RawTarget,
  rawExchange,
} from '../support/raw-http-cases.js';
import { SERVICE_MODES, type ServiceProcess, startService } from '../support/service-process.js';

// Issue 22: the connection itself, on a raw socket, in both start modes. The single process is
// Node's own HTTP server; the router of `npm run start:apart` must answer each case the same
// way (who closes, Connection and Keep-Alive, 100 Continue, pipelining), and leak no
// hop-by-hop field of the APIs behind it. Each mode is started once for the whole file.

/** What each case must show, whichever front door answers. */
const EXPECTED: Record<RawCaseName, (observed: RawObservation) => void> = {
  'Connection: close': (o) => {
    expect(comparable(o).answers).toEqual([
      { status: 200, codigo: undefined, connection: 'close', keepAlive: undefined },
    ]);
    expect(o.closedByServer).toBe(true);
  },
  'HTTP/1.0': (o) => {
    expect(comparable(o).answers).toEqual([
      { status: 200, codigo: undefined, connection: 'close', keepAlive: undefined },
    ]);
    expect(o.closedByServer).toBe(true);
  },
  'HTTP/1.0 keep-alive': (o) => {
    expect(comparable(o).answers.map((a) => [a.status, a.connection])).toEqual([
      [200, 'keep-alive'],
      [200, 'close'],
    ]);
    expect(o.closedByServer).toBe(true);
  },
  'two pipelined requests': (o) => {
    expect(comparable(o).answers.map((a) => [a.status, a.codigo, a.connection])).toEqual([
      [200, undefined, 'keep-alive'],
      [404, 'rota_inexistente', 'keep-alive'],
      [200, undefined, 'close'],
    ]);
    expect(comparable(o).answers[0]!.keepAlive).toMatch(/^timeout=\d+$/);
    expect(o.closedByServer).toBe(true);
  },
  'Expect: 100-continue on a write': (o) => {
    expect(o.interim).toEqual([100]);
    expect(o.responses.map((r) => r.status)).toEqual([200]);
    expect(o.closedByServer).toBe(true);
  },
  'a client that closes mid-body': (o) => {
    expect(o.responses).toEqual([]);
    expect(o.nextClientStatus).toBe(200);
  },
  'hop-by-hop request fields': (o) => {
    expect(comparable(o).answers).toEqual([
      { status: 200, codigo: undefined, connection: 'close', keepAlive: undefined },
    ]);
    expect(o.closedByServer).toBe(true);
  },
};

describeWith(['postgres'], 'the connection on a raw socket, one process and processes apart', () => {
  const services = new Map<string, ServiceProcess>();
  const targets = new Map<string, RawTarget>();
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'factory-raw-http-'));
    for (const mode of SERVICE_MODES) {
      const db = await createTestDatabase({ poolSize: 1 });
      const { token } = await seedDemoCompany(db.pool, new Date());
      // the embedded port is unused: DATABASE_URL names this file's test database
      const service = await startService(mode, join(dataDir, mode.name), 1, {
        DATABASE_URL: db.url,
        RATE_LIMIT_PER_TOKEN: '100000',
        RATE_LIMIT_PER_COMPANY: '100000',
        // the APIs' request lines, where the client's address is logged
        LOG_LEVEL: 'info',
      });
      services.set(mode.name, service);
      targets.set(mode.name, { host: '127.0.0.1', port: Number(service.port), token: token! });
    }
  }, 240_000);
  afterAll(async () => {
    const stopped = await Promise.all([...services.values()].map((service) => service.stop()));
    await rm(dataDir, { recursive: true, force: true });
    expect(stopped).toEqual(stopped.map(() => 0));
  }, 120_000);

  for (const [name, run] of Object.entries(RAW_HTTP_CASES) as Array<
    [RawCaseName, (target: RawTarget) => Promise<RawObservation>]
  >)
    it(`${name}: both modes answer as HTTP/1.1 says, and alike`, async () => {
      const observed = new Map<string, RawObservation>();
      for (const mode of SERVICE_MODES) {
        const observation = await run(targets.get(mode.name)!);
        observed.set(mode.name, observation);
        // An answer's hop-by-hop fields other than the server's own come from behind a proxy.
        expect(observation.leakedHopByHop, mode.name).toEqual([]);
        expect(observation.extraBytes, mode.name).toBe(0);
      }
      for (const mode of SERVICE_MODES) {
        try {
          EXPECTED[name](observed.get(mode.name)!);
        } catch (error) {
          (error as Error).message = `${mode.name}: ${(error as Error).message}`;
          throw error;
        }
      }
      const [single, apart] = SERVICE_MODES.map((mode) => comparable(observed.get(mode.name)!));
      expect(apart).toEqual(single);
    }, 120_000);

  it("logs the client's address in both modes, not the router's, nor what the client claims", async () => {
    // The client connects from 127.0.0.2; the router reaches the APIs from 127.0.0.1.
    for (const mode of SERVICE_MODES) {
      const target = { ...targets.get(mode.name)!, localAddress: '127.0.0.2' };
      // A read (the read API behind the router) and a path no route serves (the write API).
      for (const path of ['/v1/eu', '/v1/rota-que-nao-existe']) {
        const seen = await rawExchange(
          target,
          `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${target.token}\r\n` +
            'X-Forwarded-For: 203.0.113.9\r\nConnection: close\r\n\r\n',
        );
        const id = seen.responses[0]!.headers.find(([name]) => name === 'x-request-id')?.[1];
        const line = await logLine(services.get(mode.name)!, id!);
        expect({ mode: mode.name, path, req: line.req }).toMatchObject({
          mode: mode.name,
          path,
          req: { method: 'GET', path, remoteAddress: '127.0.0.2' },
        });
      }
    }
  });
});

/** The `incoming request` log line of request `id`, once the process has written it. */
async function logLine(service: ServiceProcess, id: string): Promise<{ req: Record<string, unknown> }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const line = service
      .stdout()
      .split('\n')
      .find((text) => text.includes(id) && text.includes('"incoming request"'));
    if (line) return JSON.parse(line);
    if (Date.now() > deadline)
      throw new Error(`no request line for ${id} in:\n${service.stdout().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
