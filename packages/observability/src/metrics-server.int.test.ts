import { createServer } from 'node:net';
import { redisUrl } from '@factory/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisCheck } from './checks.js';
import { type Observability, startObservability } from './observability.js';

describe('metrics port', () => {
  let observability: Observability;
  let base: string;
  let healthy = true;

  beforeAll(async () => {
    observability = await startObservability({
      app: 'probe-test',
      metricsPort: 0,
      checks: {
        banco: async () => {
          if (!healthy) throw new Error('down');
        },
      },
    });
    base = `http://127.0.0.1:${observability.metricsPort}`;
  });
  afterAll(() => observability.close());

  it('serves /metrics in the Prometheus text format on a free port', async () => {
    expect(observability.metricsPort).toBeGreaterThan(0);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('process_cpu_seconds_total{app="probe-test"}');
  });

  it('serves /healthz and /readyz, 503 naming the failing part', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ pronto: true, partes: { banco: 'ok' } });
    healthy = false;
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ pronto: false, falhas: ['banco'] });
    healthy = true;
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${base}/nada`)).status).toBe(404);
  });

  it('has no metrics port when METRICS_PORT is unset', async () => {
    const off = await startObservability({ app: 'off', metricsPort: undefined, checks: {} });
    expect(off.metricsPort).toBeUndefined();
    await off.close();
  });
});

describe('redisCheck', () => {
  it('passes against a real Redis and fails, in bounded time, against a closed port', async () => {
    const live = redisCheck(redisUrl());
    await expect(live.check()).resolves.toBeUndefined();
    await live.close();

    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const dead = redisCheck(`redis://127.0.0.1:${closedPort}`);
    await expect(dead.check()).rejects.toThrow();
    await dead.close();
  });
});
