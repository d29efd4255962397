// The write API on a test database with a company that buys: its supplier, two supply items and
// generated supplier invoices, for the purchases route tests.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type GeneratedItem, type GenerateNfeInput, generateNfe } from '@factory/nfe';
import { createToken } from '@factory/tenants';
import { createTenantFixture, randomCnpj } from '@factory/tenants/testing';
import {
  createTestApi,
  createTestDatabase,
  rowsModeOfTests,
  TestClock,
  type TestDatabase,
} from '@factory/testing';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { writeApiRoutes } from '../../src/index.js';
import { post } from '../stock/stock-api.fixture.js';

export { expectError, post } from '../stock/stock-api.fixture.js';

export const NOW = '2026-03-10T12:00:00.000Z';

export const ALL_SCOPES = [
  'compras:escrever',
  'compras:ler',
  'custos:ler',
  'insumos:escrever',
  'fornecedores:escrever',
  'estoque:escrever',
];

export interface PurchasesScene {
  db: TestDatabase;
  app: FastifyInstance;
  clock: TestClock;
  empresaId: string;
  usuarioId: string;
  token: string;
  companyCnpj: string;
  /** The company's two locations: Depósito, Fábrica. */
  localId: string;
  otherLocalId: string;
  supplierId: string;
  supplierCnpj: string;
  /** Bought in `cx` of 12 `un`. */
  caixaId: string;
  /** Bought in `kg`, consumed in `g` (1000 in a kg). */
  quiloId: string;
  /** A token of the same company with these scopes. */
  tokenWith(escopos: string[]): Promise<string>;
  /** Another supplier of the company, by the catalog API. */
  supplier(fields?: Record<string, unknown>): Promise<{ id: string; cnpj: string }>;
  /** Another supply item of the company, by the catalog API. */
  supplyItem(fields?: Record<string, unknown>): Promise<string>;
  /** A generated, authorised invoice from the scene's supplier to the company. */
  invoice(overrides?: Partial<GenerateNfeInput>): { xml: string; chave: string };
}

let invoiceNumber = 1000;

/** A real document of nfephp-org/sped-nfe's fixtures (packages/nfe/test/fixtures/README.md). */
export const spedNfe = (name: string): string =>
  readFileSync(new URL(`../../../../packages/nfe/test/fixtures/sped-nfe/${name}`, import.meta.url), 'utf8');

export interface SceneOptions {
  regimeTributario?: 'simples' | 'presumido' | 'real';
  contribuinteIpi?: boolean;
  /** The company's CNPJ (random by default). */
  cnpj?: string;
  /** The main supplier's CNPJ (random by default). */
  supplierCnpj?: string;
}

export async function startPurchasesScene(options: SceneOptions = {}): Promise<PurchasesScene> {
  const db = await createTestDatabase({ poolSize: 20 });
  const clock = new TestClock(new Date(NOW));
  const { app } = await createTestApi(db, {
    checkAnswers: true,
    routes: writeApiRoutes({ pool: db.pool, clock: clock.now, rows: rowsModeOfTests() }),
    clock,
    limits: { perToken: 1_000_000, perCompany: 1_000_000 },
  });
  const companyCnpj = options.cnpj ?? randomCnpj();
  const tenant = await createTenantFixture(db.pool, {
    escopos: ALL_SCOPES,
    cnpj: companyCnpj,
    now: clock.now(),
    regimeTributario: options.regimeTributario,
    contribuinteIpi: options.contribuinteIpi,
  });
  const { token, empresaId, usuarioId } = tenant;
  const supplier = async (fields: Record<string, unknown> = {}) => {
    const cnpj = (fields.cnpj as string | undefined) ?? randomCnpj();
    const itens = [
      { nome: `Fornecedor ${cnpj}`, cnpj, lead_time_dias: 3, condicao_pagamento: [30, 60], ...fields },
    ];
    const res = await post(app, '/v1/fornecedores/lote', token, { itens }, { key: null });
    const [result] = res.json().resultados;
    expect(result, res.body).toMatchObject({ ok: true });
    return { id: result.id as string, cnpj: (fields.cnpj as string | undefined) ?? cnpj };
  };
  const supplyItem = async (fields: Record<string, unknown> = {}) => {
    const sku = `INS-${randomUUID().slice(0, 8)}`;
    const itens = [
      { sku, nome: 'Parafuso', unidade_compra: 'cx', unidade_consumo: 'un', fator_conversao: 12, ...fields },
    ];
    const res = await post(app, '/v1/insumos/lote', token, { itens }, { key: null });
    const [result] = res.json().resultados;
    expect(result, res.body).toMatchObject({ ok: true, sku });
    return result.id as string;
  };
  const main = await supplier(options.supplierCnpj ? { cnpj: options.supplierCnpj } : {});
  const caixaId = await supplyItem();
  const quiloId = await supplyItem({
    nome: 'Resina',
    unidade_compra: 'kg',
    unidade_consumo: 'g',
    fator_conversao: 1000,
  });
  return {
    db,
    app,
    clock,
    empresaId,
    usuarioId,
    token,
    companyCnpj,
    localId: tenant.locais[0]!.id,
    otherLocalId: tenant.locais[1]!.id,
    supplierId: main.id,
    supplierCnpj: main.cnpj,
    caixaId,
    quiloId,
    async tokenWith(escopos) {
      const created = await createToken(db.pool, {
        empresaId,
        criadorId: usuarioId,
        nome: `Token ${escopos.join(' ')}`,
        escopos,
        now: clock.now(),
      });
      return created.token;
    },
    supplier,
    supplyItem,
    invoice: (overrides = {}) =>
      generateNfe({
        emitente: { cnpj: main.cnpj, crt: 3 },
        destinatarioCnpj: companyCnpj,
        numero: ++invoiceNumber,
        emitidaEm: '2026-03-09T10:00:00-03:00',
        itens: [anItem()],
        ...overrides,
      }),
  };
}

/** An invoice item: 10 boxes (`CX`) of code P-100 at 12.50. */
export const anItem = (overrides: Partial<GeneratedItem> = {}): GeneratedItem => ({
  cProd: 'P-100',
  xProd: 'Parafuso 3mm',
  ncm: '73181500',
  cfop: '5101',
  uCom: 'CX',
  qCom: '10.0000',
  vUnCom: '12.5',
  ...overrides,
});

/** PUT with a JSON body. */
export function put(app: FastifyInstance, url: string, token: string, payload: unknown) {
  return app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

export function del(app: FastifyInstance, url: string, token: string) {
  return app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });
}

/** How many events of a type the company's log holds. */
export async function countEvents(db: TestDatabase, empresaId: string, type: string): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events WHERE type = $1 AND metadata->>'empresa_id' = $2`,
    [type, empresaId],
  );
  return rows[0]!.n;
}
