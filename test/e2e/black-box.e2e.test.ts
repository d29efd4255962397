import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoCompany } from '@factory/tenants';
import { createOpenApiCheck, createTestDatabase, describeWith, type OpenApiCheck } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVICE_MODES, type ServiceProcess, START_APART, startService } from '../support/service-process.js';

// The service seen only through HTTP, started as a user starts it: one process (`npm start`) and
// processes apart behind the router (`npm run start:apart`). Each mode runs the same calls on
// a fresh database; every answer is checked, and the two transcripts, with ids, instants and
// tokens replaced by placeholders, must be equal: a client cannot tell the modes apart.
// Every answer is also checked against the service's own description (GET /v1/openapi.json).

interface Call {
  method: string;
  path: string;
  token?: boolean;
  headers?: Record<string, string>;
  body?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  json: unknown;
  text: string;
}

/** The headers whose values may differ between two runs of the same calls. */
const VARYING_HEADERS = new Set(['date', 'x-request-id', 'x-ratelimit-reset', 'x-ratelimit-remaining']);
/** Hop-by-hop headers (RFC 9110, 7.6.1): about one connection, not the answer; left out. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/** Replaces run-specific values by placeholders: the n-th distinct uuid is `<uuid n>`, and so on. */
function normalise(value: unknown, uuids: Map<string, string>): unknown {
  if (typeof value === 'string') {
    if (INSTANT.test(value)) return '<instant>';
    if (value.startsWith('svc_live_')) return '<token>';
    return value.replace(UUIDS, (uuid) => {
      if (!uuids.has(uuid)) uuids.set(uuid, `<uuid ${uuids.size}>`);
      return uuids.get(uuid)!;
    });
  }
  if (Array.isArray(value)) return value.map((v) => normalise(v, uuids));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === 'proximo_cursor' && v ? '<cursor>' : k === 'prefixo' ? '<prefix>' : normalise(v, uuids),
      ]),
    );
  return value;
}

class Client {
  readonly transcript: unknown[] = [];
  /** What broke the description, answer by answer; and how many answers were checked. */
  readonly problems: string[] = [];
  checked = 0;
  #check: OpenApiCheck | undefined;
  readonly #uuids = new Map<string, string>();

  readonly #base: string;

  constructor(
    readonly service: ServiceProcess,
    readonly token: string,
  ) {
    this.#base = `http://127.0.0.1:${service.port}`;
  }

  /** Reads the description; every answer from then on (this one included) is checked against it. */
  async describe(): Promise<Answer> {
    const res = await fetch(`${this.#base}/v1/openapi.json`);
    expect(res.status).toBe(200);
    this.#check = await createOpenApiCheck(await res.json());
    return this.call({ method: 'GET', path: '/v1/openapi.json' });
  }

  async call(call: Call, record = true): Promise<Answer> {
    const headers: Record<string, string> = { ...call.headers };
    if (call.token) headers.authorization = `Bearer ${this.token}`;
    const res = await fetch(this.#base + call.path, {
      method: call.method,
      headers,
      ...(call.body === undefined ? {} : { body: call.body }),
    });
    const text = await res.text();
    const answer: Answer = {
      status: res.status,
      headers: Object.fromEntries(res.headers),
      json: text && res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null,
      text,
    };
    expect(answer.headers['x-request-id'], `${call.method} ${call.path}`).toMatch(UUID);
    if (this.#check) {
      this.checked++;
      this.problems.push(...this.#check.problems({ ...call, ...answer, body: text }));
    }
    if (record)
      this.transcript.push({
        call: `${call.method} ${normalise(call.path.replace(/cursor=[\w-]+/, 'cursor=<cursor>'), this.#uuids)}`,
        status: answer.status,
        headers: Object.fromEntries(
          Object.entries(answer.headers)
            .filter(([name]) => !VARYING_HEADERS.has(name) && !HOP_BY_HOP.has(name))
            .sort(([a], [b]) => a.localeCompare(b)),
        ),
        varying: [...VARYING_HEADERS].filter((name) => name in answer.headers),
        body: answer.json === null ? answer.text : normalise(answer.json, this.#uuids),
      });
    return answer;
  }

  /** Repeats a read until `done` holds (the projector is asynchronous); only the last is recorded. */
  async until(call: Call, done: (answer: Answer) => boolean): Promise<Answer> {
    for (;;) {
      const answer = await this.call(call, false);
      if (done(answer)) return this.call(call);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A cost no other figure shares: metrics and logs must never show it, nor its total. */
const UNIT_COST = 2.3456;
const COST_TEXTS = ['2.3456', '7.0368'];

/** /healthz and /readyz answer on the base URL and on every metrics port, each of which serves /metrics. */
async function checkProbesAndMetrics(service: ServiceProcess, expectedPorts: number): Promise<string> {
  const base = `http://127.0.0.1:${service.port}`;
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
  const ready = await fetch(`${base}/readyz`);
  expect(ready.status, await ready.text()).toBe(200);
  const ports = [...service.stderr().matchAll(/metrics, \/healthz and \/readyz on port (\d+)/g)].map(
    (m) => m[1],
  );
  expect(ports).toHaveLength(expectedPorts);
  let scraped = '';
  for (const port of ports) {
    const at = `http://127.0.0.1:${port}`;
    expect((await fetch(`${at}/healthz`)).status).toBe(200);
    const probe = await fetch(`${at}/readyz`);
    expect(probe.status, await probe.text()).toBe(200);
    const metrics = await fetch(`${at}/metrics`);
    expect(metrics.status).toBe(200);
    scraped += await metrics.text();
  }
  return scraped;
}

const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});
const codeOf = (answer: Answer) => (answer.json as { erro?: { codigo: string } }).erro?.codigo;

/** The calls, each answer checked; the same in both modes. */
async function exercise(client: Client): Promise<void> {
  const openapi = await client.describe();
  expect(openapi.status).toBe(200);
  const paths = Object.keys((openapi.json as { paths: object }).paths);
  expect(paths).toEqual(expect.arrayContaining(['/v1/eu', '/v1/estoque/movimentos', '/v1/insumos/lote']));
  expect(paths).not.toContain('/healthz');

  expect(codeOf(await client.call({ method: 'GET', path: '/v1/eu' }))).toBe('token_ausente');
  expect(codeOf(await client.call({ method: 'GET', path: '/v1/eu?token=abc' }))).toBe('token_na_url');
  expect(codeOf(await client.call({ method: 'GET', path: '/v1/nada', token: true }))).toBe(
    'rota_inexistente',
  );
  const eu = await client.call({ method: 'GET', path: '/v1/eu', token: true });
  expect(eu.status).toBe(200);
  expect(eu.headers['x-ratelimit-limit']).toBeDefined();

  // 405 with Allow, whichever process serves the path's other methods.
  for (const [method, path, allow] of [
    ['POST', '/v1/locais', 'GET'],
    ['HEAD', '/v1/eu', 'GET'],
    ['OPTIONS', '/v1/produtos', 'GET'],
    ['GET', `/v1/estoque/movimentos/${randomUUID()}/estorno`, 'POST'],
    ['PUT', '/v1/estoque/movimentos', 'GET, POST'],
  ] as const) {
    const answer = await client.call({ method, path, token: true });
    expect(answer.status, `${method} ${path}`).toBe(405);
    expect(answer.headers.allow, `${method} ${path}`).toBe(allow);
  }
  expect(codeOf(await client.call({ method: 'GET', path: '/v1/insumos/lote', token: true }))).toBe(
    'nao_encontrado',
  );
  expect(
    codeOf(await client.call({ method: 'DELETE', path: `/v1/insumos/${randomUUID()}`, token: true })),
  ).toBe('nao_encontrado');

  // Bodies reach the write API as sent.
  const lote = '/v1/insumos/lote';
  expect(
    codeOf(await client.call({ method: 'POST', path: lote, token: true, ...json({}), body: '{"itens": [' })),
  ).toBe('corpo_invalido');
  expect(
    codeOf(
      await client.call({
        method: 'POST',
        path: lote,
        token: true,
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      }),
    ),
  ).toBe('tipo_nao_suportado');
  expect(
    codeOf(await client.call({ method: 'POST', path: lote, token: true, body: '{"itens":[]}' })),
  ).toBeDefined();
  const huge = { itens: [{ sku: 'A-1', nome: 'x'.repeat(300_000) }] };
  expect(codeOf(await client.call({ method: 'POST', path: lote, token: true, ...json(huge) }))).toBe(
    'corpo_grande_demais',
  );

  // A write, its replay, and the read models catching up.
  const item = {
    sku: 'TEC-E2E',
    nome: 'Tecido',
    unidade_compra: 'rolo',
    unidade_consumo: 'm',
    fator_conversao: 50,
  };
  const key = { 'idempotency-key': 'e2e-lote-1' };
  const created = await client.call({
    method: 'POST',
    path: lote,
    token: true,
    ...json({ itens: [item] }),
    headers: { ...json({}).headers, ...key },
  });
  expect(created.status, created.text).toBeLessThan(300);
  const replay = await client.call({
    method: 'POST',
    path: lote,
    token: true,
    ...json({ itens: [item] }),
    headers: { ...json({}).headers, ...key },
  });
  expect(replay.text).toBe(created.text);
  const insumoId = (created.json as { resultados: Array<{ id: string }> }).resultados[0]!.id;

  const locais = await client.call({ method: 'GET', path: '/v1/locais', token: true });
  const localId = (locais.json as { dados: Array<{ id: string }> }).dados[0]!.id;
  const movement = await client.call({
    method: 'POST',
    path: '/v1/estoque/movimentos',
    token: true,
    headers: { 'content-type': 'application/json', 'idempotency-key': 'e2e-mov-1' },
    body: JSON.stringify({
      insumo_id: insumoId,
      local_id: localId,
      tipo: 'entrada_manual',
      quantidade: 3,
      custo_unitario: UNIT_COST,
    }),
  });
  expect(movement.status, movement.text).toBe(201);
  const movementId = (movement.json as { id: string }).id;

  await client.until(
    { method: 'GET', path: `/v1/estoque/saldos?insumo_id=${insumoId}`, token: true },
    (a) => ((a.json as { dados?: unknown[] }).dados ?? []).length > 0,
  );
  await client.until({ method: 'GET', path: '/v1/insumos', token: true }, (a) =>
    ((a.json as { dados?: Array<{ id: string }> }).dados ?? []).some((i) => i.id === insumoId),
  );
  const reversal = await client.call({
    method: 'POST',
    path: `/v1/estoque/movimentos/${movementId}/estorno`,
    token: true,
  });
  expect(reversal.status, reversal.text).toBe(201);
  await client.until(
    { method: 'GET', path: `/v1/estoque/movimentos?insumo_id=${insumoId}`, token: true },
    (a) => ((a.json as { dados?: unknown[] }).dados ?? []).length === 2,
  );

  // Pages: a cursor issued by one request is honoured by the next, wherever each is served.
  const movements = `/v1/estoque/movimentos?insumo_id=${insumoId}&limite=1`;
  const first = await client.call({ method: 'GET', path: movements, token: true });
  const cursor = (first.json as { proximo_cursor: string | null }).proximo_cursor;
  expect(cursor).toEqual(expect.any(String));
  const second = await client.call({ method: 'GET', path: `${movements}&cursor=${cursor}`, token: true });
  expect(second.status, second.text).toBe(200);
  expect(
    codeOf(await client.call({ method: 'GET', path: `${movements}&cursor=x${cursor}`, token: true })),
  ).toBe('cursor_invalido');
  expect(codeOf(await client.call({ method: 'GET', path: '/v1/insumos?limite=abc', token: true }))).toBe(
    'parametro_invalido',
  );
  const position = await client.call({
    method: 'GET',
    path: `/v1/estoque/posicao?insumo_id=${insumoId}`,
    token: true,
  });
  expect(position.status, position.text).toBe(200);
}

describeWith(['postgres'], 'the service through HTTP, one process and processes apart', () => {
  const transcripts = new Map<string, unknown[]>();
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
        const client = new Client(service, databases.get(mode.name)!.token);
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
