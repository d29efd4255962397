import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_SCOPES } from '@factory/domain';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawRequest } from '../../packages/http/test/http-layer/raw-http.fixture.js';
import { auditLogs } from '../support/log-audit.js';
import { SERVICE_MODES, type ServiceProcess, startService } from '../support/service-process.js';
import { type AdminSecrets, adminScenario } from './admin-log-scenario.js';

// Issue 13's log audit: the service started as users start it, at the most verbose log level,
// its whole output captured while a scenario writes and reads costs and sends tokens where
// they do not belong. No token and no monetary value may appear in that output.

const MONEY_KEYS = new Set([
  'custo_ficha',
  'custo_ficha_bruto',
  'custo_manual',
  'custo_medio',
  'custo_medio_bruto',
  'custo_referencia',
  'custo_unitario',
  'valor',
  'custo',
]);
// Amounts distinctive enough that finding one in a log is no coincidence.
const SENT = { referencia: 7391.4187, manual: 8642.1357, unitario: 5173.2961, segundo: 4219.8853 };
const distinctive = (n: number) => String(n).replace(/[^0-9]/g, '').length >= 5;

/** Every monetary value of a JSON answer. */
function amountsIn(value: unknown, into: Set<number>): void {
  if (Array.isArray(value)) for (const v of value) amountsIn(v, into);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (MONEY_KEYS.has(key) && typeof v === 'number' && distinctive(v)) into.add(v);
      else amountsIn(v, into);
    }
}

/** A non-loopback IPv4 address of this machine, if it has one. */
const outsideAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

const refusedOn = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

async function scenario(
  service: ServiceProcess,
  token: string,
  amounts: Set<number>,
  other: string,
): Promise<void> {
  const base = `http://127.0.0.1:${service.port}`;
  const auth = { authorization: `Bearer ${token}` };
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    const json = text ? JSON.parse(text) : null;
    expect(res.status, `${method} ${path}: ${text.slice(0, 200)}`).toBeLessThan(500);
    amountsIn(json, amounts);
    return { status: res.status, json };
  };
  const idOf = async (path: string, item: object) => {
    const { json } = await call('POST', path, { itens: [item] });
    expect(json.resultados[0].ok, JSON.stringify(json)).toBe(true);
    return json.resultados[0].id as string;
  };

  // 1. Writes with costs.
  const locais = (await call('GET', '/v1/locais')).json.dados as Array<{ id: string }>;
  const fornecedor = await idOf('/v1/fornecedores/lote', { nome: 'Fornecedor auditado', uf: 'SP' });
  const insumo = await idOf('/v1/insumos/lote', {
    sku: 'AUD-FIO',
    nome: 'Fio auditado',
    unidade_compra: 'kg',
    unidade_consumo: 'g',
    fator_conversao: 1000,
    custo_referencia: SENT.referencia,
    fornecedor_padrao_id: fornecedor,
  });
  const produto = await idOf('/v1/produtos/lote', {
    sku: 'AUD-1',
    nome: 'Camiseta',
    custo_manual: SENT.manual,
  });
  await call('PUT', `/v1/fichas/${produto}`, {
    linhas: [{ tipo: 'insumo', insumo_id: insumo, consumo: 3, unidade: 'g', perda_pct: 0.1 }],
  });
  const movimento = { insumo_id: insumo, local_id: locais[0]!.id, tipo: 'entrada_manual', quantidade: 17 };
  const first = await call(
    'POST',
    '/v1/estoque/movimentos',
    { ...movimento, custo_unitario: SENT.unitario },
    {
      'idempotency-key': 'auditoria-1',
    },
  );
  expect(first.status).toBe(201);
  await call(
    'POST',
    '/v1/estoque/movimentos',
    { ...movimento, custo_unitario: SENT.unitario },
    { 'idempotency-key': 'auditoria-1' },
  );
  expect(
    (await call('POST', '/v1/estoque/movimentos', movimento, { 'idempotency-key': 'auditoria-1' })).status,
  ).toBe(409);
  await call('POST', `/v1/estoque/movimentos/${first.json.id}/estorno`, { motivo: 'auditoria' });
  await call(
    'POST',
    '/v1/estoque/movimentos',
    { ...movimento, custo_unitario: SENT.segundo },
    { 'idempotency-key': 'auditoria-2' },
  );

  // 2. Reads with costs, once the projector shows them. Polled once a second: the token's
  // default limit is 120 requests a minute, which a faster poll spends while a loaded machine's
  // projector catches up (a 429 has no `dados`).
  for (let i = 0; ; i++) {
    const { status, json } = await call('GET', '/v1/insumos?sku=AUD-FIO');
    expect(status, JSON.stringify(json)).toBe(200);
    if (json.dados[0]?.custo_medio > 0) break;
    if (i > 180) throw new Error('the supply item never showed its average cost');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  for (const path of [
    '/v1/produtos',
    `/v1/produtos/${produto}`,
    '/v1/insumos',
    `/v1/insumos/${insumo}`,
    '/v1/fornecedores',
    '/v1/fichas',
    `/v1/fichas/${produto}`,
    '/v1/estoque/saldos',
    '/v1/estoque/movimentos',
  ])
    await call('GET', path);

  // 3. Tokens where they do not belong, and refusals of every kind.
  for (const path of [
    `/v1/eu/${token}`,
    `/v1/${token}`,
    `/v1/produtos/${token}`,
    `/v1/eu;token=${token}`,
    `/v1/eu/%73vc_live_${token.slice(9)}`,
    `/v1/produtos/%C0%AE${token}`,
    `/v1/eu?token=${token}`,
    `/v1/eu?q=${token}`,
  ])
    expect((await call('GET', path)).json.erro?.codigo, path).toBe('token_na_url');
  await call('GET', '/v1/eu', undefined, { authorization: `Bearer ${other}` });
  await call('GET', '/v1/eu', undefined, {
    authorization: `Basic ${token}`,
    'x-api-key': token,
    cookie: `t=${token}`,
  });
  await call('POST', '/v1/produtos/lote', {
    itens: [{ sku: 'AUD-2', nome: token, atributos: { [token]: token } }],
  });
  await call('POST', '/v1/produtos/lote', `{"itens":[{"sku":"AUD-3","nome":"${token}\\ud800"}]}`);
  await call('POST', '/v1/produtos/lote', { itens: [{ sku: token, nome: 'x', [token]: 1 }] });
  await call('GET', `/v1/produtos?sku=${token.slice(9)}&cursor=${token.slice(9)}`);
  await call('GET', `/v1/produtos?${token.slice(9)}=1`);
  await call('DELETE', `/v1/insumos/${insumo}`);
  const port = Number(service.port);
  const host = 'Host: localhost\r\nConnection: close\r\n';
  for (const bytes of [
    `GET /v1/eu HTTP/1.1\r\n${host}Authorization: Bearer ${token}\r\nAuthorization: Bearer ${other}\r\n\r\n`,
    `GET /v1/eu HTTP/1.1\nHost: localhost\nAuthorization: Bearer ${token}\n\n`,
    `GET /v1/eu HTTP/1.1\r\n${host}Authorization: Bearer ${token}\r\nX-A: ${'a'.repeat(70_000)}\r\n\r\n`,
    `GET /v1/produtos/%C0%AE HTTP/1.1\r\n${host}Authorization: Bearer ${token}\r\n\r\n`,
    `GET /v1/eu HTTP/1.1\r\nConnection: close\r\nAuthorization: Bearer ${token}\r\n\r\n`,
  ])
    expect((await rawRequest(port, bytes)).status).toBeLessThan(500);
}

describeWith(['postgres'], 'log audit (issue 13)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'factory-log-audit-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  for (const mode of SERVICE_MODES) {
    it(`${mode.name}: no token and no monetary value reaches the logs, at the most verbose level`, async () => {
      const db = await createTestDatabase();
      const service = await startService(mode, join(dataDir, mode.name), 1, {
        DATABASE_URL: db.url,
        LOG_LEVEL: 'trace',
        STABILIZATION_WINDOW_SECONDS: '0',
      });
      // With a DATABASE_URL there is no demo company: one of the test's own, every scope.
      const { token, empresaId } = await createTenantFixture(db.pool, { escopos: [...ALL_SCOPES] });
      const other = `svc_live_${randomBytes(40)
        .toString('base64')
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 46)}`;
      const amounts = new Set<number>(Object.values(SENT));
      let admin: AdminSecrets;
      try {
        await scenario(service, token, amounts, other);
        // issue 20: the settings page's visit, its password, invitation, session and new token.
        admin = await adminScenario(`http://127.0.0.1:${service.port}`, db.pool, empresaId);
        // issue 13 item 8: the demo token is reachable from this machine only
        const outside = outsideAddress();
        if (outside) expect(await refusedOn(outside, Number(service.port))).toBe(true);
        else console.warn('[log audit] skipped the interface check: this machine has no non-loopback IPv4');
      } finally {
        await service.stop();
      }
      const output = service.output();
      expect(output.split('\n').length).toBeGreaterThan(50); // the logs were captured
      expect(output).toContain('"id_requisicao"');
      expect(output).toContain('admin request'); // the settings page's lines were captured too
      expect(
        auditLogs(output, {
          tokens: [token, other, admin.token],
          amounts: [...amounts],
          others: admin.others,
        }),
      ).toEqual([]);
    }, 240_000);
  }
});
