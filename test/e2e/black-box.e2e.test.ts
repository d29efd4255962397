import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pronto, vivo } from '@factory/api';
import { seedDemoCompany } from '@factory/tenants';
import { createTestDatabase, describeWith } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVICE_MODES, type ServiceProcess, START_APART, startService } from '../support/service-process.js';
import { Client, COST_TEXTS, exercise, type TranscriptEntry } from './black-box-calls.js';

// The service seen only through HTTP, started as a user starts it: one process (`npm start`) and
// processes apart behind the router (`npm run start:apart`). Each mode runs the same calls
// (black-box-calls.ts) on a fresh database; every answer is checked, and the two transcripts,
// with ids, instants and tokens replaced by placeholders, must be equal: a client cannot tell
// the modes apart. Every answer is also checked against the API contract (@factory/api), whose
// document each front door must serve as GET /v1/openapi.json. nginx-front-door.e2e.test.ts runs
// the same calls through nginx.

/**
 * The contract's probes (vivo, pronto) answer on the base URL as declared, and on every metrics
 * port, each of which serves /metrics.
 */
async function checkProbesAndMetrics(service: ServiceProcess, expectedPorts: number): Promise<string> {
  const base = `http://127.0.0.1:${service.port}`;
  const live = await fetch(`${base}${vivo.url}`);
  expect(live.status).toBe(200);
  vivo.response.parse(await live.json());
  const ready = await fetch(`${base}${pronto.url}`);
  const readyText = await ready.text();
  expect(ready.status, readyText).toBe(200);
  expect(pronto.response.parse(JSON.parse(readyText))).toMatchObject({ pronto: true });
  const ports = [...service.stderr().matchAll(/metrics, \/healthz and \/readyz on port (\d+)/g)].map(
    (m) => m[1],
  );
  expect(ports).toHaveLength(expectedPorts);
  let scraped = '';
  for (const port of ports) {
    const at = `http://127.0.0.1:${port}`;
    expect((await fetch(`${at}${vivo.url}`)).status).toBe(200);
    const probe = await fetch(`${at}${pronto.url}`);
    expect(probe.status, await probe.text()).toBe(200);
    const metrics = await fetch(`${at}/metrics`);
    expect(metrics.status).toBe(200);
    scraped += await metrics.text();
  }
  return scraped;
}

describeWith(['postgres'], 'the service through HTTP, one process and processes apart', () => {
  const transcripts = new Map<string, TranscriptEntry[]>();
  const databases = new Map<string, { url: string; token: string }>();
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'factory-black-box-'));
    // With a DATABASE_URL the service makes no demo company: each database gets the same one here.
    for (const mode of SERVICE_MODES) {
      const db = await createTestDatabase({ poolSize: 1 });
      const { token } = await seedDemoCompany(db.pool, new Date());
      databases.set(mode.name, { url: db.url, token: token! });
    }
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  for (const mode of SERVICE_MODES)
    it(`${mode.name}: every call answers as the contract says`, async () => {
      // the embedded port is unused: DATABASE_URL names this file's test database
      const service = await startService(mode, join(dataDir, mode.name), 1, {
        DATABASE_URL: databases.get(mode.name)!.url,
        STABILIZATION_WINDOW_SECONDS: '0',
        RATE_LIMIT_PER_TOKEN: '100000',
        RATE_LIMIT_PER_COMPANY: '100000',
        METRICS_PORT: '0',
        LOG_LEVEL: 'info',
      });
      try {
        const client = new Client(`http://127.0.0.1:${service.port}`, databases.get(mode.name)!.token);
        await exercise(client).catch((error: Error) => {
          error.message += `\n--- ${mode.name} printed:\n${service.stderr()}`;
          throw error;
        });
        transcripts.set(mode.name, client.transcript);
        expect(client.checked).toBeGreaterThan(30);
        expect(client.problems, 'answers that break the description').toEqual([]);

        // apart: the router, the write API, the read API and the projector each have a port
        const scraped = await checkProbesAndMetrics(service, mode === START_APART ? 4 : 1);
        expect(scraped).toMatch(
          /http_requests_total\{method="POST",route="\/v1\/estoque\/movimentos",status="201"/,
        );
        expect(scraped).toMatch(/http_requests_total\{method="GET",route="\/v1\/insumos",status="200"/);
        expect(scraped).toMatch(/projector_lag_events\{projection="estoque"/);
        expect(scraped).toMatch(/projector_events_applied_total\{checkpoint="estoque"/);
        // metrics and logs carry no token and no monetary value
        const logs = service.stdout();
        const movementLine = logs
          .split('\n')
          .find(
            (line) => line.includes('"rota":"/v1/estoque/movimentos"') && line.includes('request completed'),
          );
        expect(movementLine).toMatch(/"id_requisicao":"[0-9a-f-]{36}".*"empresa_id":"[0-9a-f-]{36}"/);
        for (const text of [scraped, logs, service.stderr().replace(/demo token.*|try: curl.*/g, '')]) {
          expect(text).not.toContain(client.token.slice(9));
          for (const cost of COST_TEXTS) expect(text).not.toContain(cost);
        }
      } finally {
        expect(await service.stop(), service.stderr()).toBe(0);
      }
    }, 180_000);

  it('answers the same in both modes', () => {
    if (transcripts.size < SERVICE_MODES.length) throw new Error('a mode failed above: nothing to compare');
    const [single, apart] = SERVICE_MODES.map((mode) => transcripts.get(mode.name));
    expect(apart).toEqual(single);
  });
});
