import { randomUUID } from 'node:crypto';
import { serviceDocument } from '@factory/api';
import { createOpenApiCheck, type OpenApiCheck } from '@factory/testing';
import { expect } from 'vitest';

// The black-box calls (black-box.e2e.test.ts): what a client of the service does through HTTP
// only, each answer checked, against any base URL (the single process, the router of
// `npm run start:apart`, nginx in front of its APIs). The transcript, with ids, instants and
// tokens replaced by placeholders, is what two front doors are compared by.

export interface Call {
  method: string;
  path: string;
  token?: boolean;
  headers?: Record<string, string>;
  body?: string;
}

export interface Answer {
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

/** One recorded answer: the call, its status, its headers (varying ones only named), its body. */
export interface TranscriptEntry {
  call: string;
  status: number;
  headers: Record<string, string>;
  varying: string[];
  body: unknown;
}

export class Client {
  readonly transcript: TranscriptEntry[] = [];
  /** What broke the description, answer by answer; and how many answers were checked. */
  readonly problems: string[] = [];
  checked = 0;
  #check: OpenApiCheck | undefined;
  readonly #uuids = new Map<string, string>();

  /** `base`: where the calls go, e.g. `http://127.0.0.1:8080`. */
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  /**
   * Checks every answer from then on (this one included) against the API contract
   * (@factory/api), and that the description this front door serves is the contract's.
   */
  async describe(): Promise<Answer> {
    const contract = serviceDocument();
    this.#check = await createOpenApiCheck(contract);
    const answer = await this.call({ method: 'GET', path: '/v1/openapi.json' });
    expect(answer.status).toBe(200);
    expect(answer.text, "GET /v1/openapi.json is the contract's document").toBe(JSON.stringify(contract));
    return answer;
  }

  async call(call: Call, record = true): Promise<Answer> {
    const headers: Record<string, string> = { ...call.headers };
    if (call.token) headers.authorization = `Bearer ${this.token}`;
    const res = await fetch(this.base + call.path, {
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
export const UNIT_COST = 2.3456;
export const COST_TEXTS = ['2.3456', '7.0368'];

const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});
const codeOf = (answer: Answer) => (answer.json as { erro?: { codigo: string } }).erro?.codigo;

/** The calls, each answer checked; the same in both modes. */
export async function exercise(client: Client): Promise<void> {
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
    // A supplier's links: the list read by the read API, a link put and deleted by the write API.
    ['POST', `/v1/fornecedores/${randomUUID()}/vinculos`, 'GET'],
    ['GET', `/v1/fornecedores/${randomUUID()}/vinculos/MAL-1`, 'PUT, DELETE'],
    ['DELETE', `/v1/compras/pedidos/${randomUUID()}`, 'GET'],
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
