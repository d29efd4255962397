import { randomUUID } from 'node:crypto';
import { serviceDocument } from '@factory/api';
import { ALL_SCOPES } from '@factory/domain';
import { createPostgresEventStore } from '@factory/event-store';
import { COST_MARK } from '@factory/http';
import { generateNfe } from '@factory/nfe';
import { PROJECTIONS, startProjector, waitUntilCaughtUp } from '@factory/read-models';
import { readApiRoutes } from '@factory/read-service';
import { createToken } from '@factory/tenants';
import { createTenantFixture, randomCnpj } from '@factory/tenants/testing';
import { createTestApi, createTestDatabase, describeWith } from '@factory/testing';
import { writeApiRoutes } from '@factory/write-service';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { PurchasesWriter } from '../../packages/read-models/test/purchases/purchases-writer.fixture.js';

// Issue 10, part 5: every operation of the API contract (@factory/api), called for real with a token without
// custos:ler, answers null in every field its response schema marks as a cost (x-svc-custo);
// the same calls with custos:ler show every marked field filled in somewhere, so the walk
// would see a leak. An operation the table below does not know fails the test: a new route
// must say how to call it.

type Json = Record<string, unknown>;
type Call = { params?: Record<string, string>; query?: string; body?: unknown };
type Seeded = {
  produto: string;
  kit: string;
  insumo: string;
  /** In no bill: free to delete. */
  insumoSolto: string;
  fornecedor: string;
  movimento: string;
  /** A production record of the kit. */
  apontamento: string;
};

/** How to call each operation with data that exists; deletions get a record of their own. */
const CALLS: Record<
  string,
  (s: Seeded, fresh: () => Promise<Seeded>, custos: boolean) => Promise<Call> | Call
> = {
  'GET /v1/openapi.json': () => ({}),
  'GET /v1/eu': () => ({}),
  'GET /v1/locais': () => ({}),
  'GET /v1/estoque/saldos': () => ({}),
  'GET /v1/estoque/movimentos': () => ({}),
  'GET /v1/estoque/posicao': () => ({}),
  'GET /v1/produtos': () => ({}),
  'GET /v1/produtos/{id}': (s) => ({ params: { id: s.kit } }),
  'GET /v1/insumos': () => ({}),
  'GET /v1/insumos/{id}': (s) => ({ params: { id: s.insumo } }),
  'GET /v1/fornecedores': () => ({}),
  'GET /v1/fornecedores/{id}': (s) => ({ params: { id: s.fornecedor } }),
  'GET /v1/fichas': () => ({}),
  'GET /v1/fichas/{produto_id}': (s) => ({ params: { produto_id: s.kit } }),
  'POST /v1/estoque/movimentos': (s, fresh) => fresh().then((f) => ({ body: entrada(f.insumo, s) })),
  'POST /v1/estoque/movimentos/{id}/estorno': async (_s, fresh) => ({
    params: { id: (await fresh()).movimento },
  }),
  'POST /v1/produtos/lote': () => ({ body: { itens: [{ sku: sku('P'), nome: 'Camisa' }] } }),
  'POST /v1/insumos/lote': () => ({ body: { itens: [tecido()] } }),
  'POST /v1/fornecedores/lote': () => ({ body: { itens: [{ nome: 'Tecelagem', cnpj: randomCnpj() }] } }),
  'DELETE /v1/produtos/{id}': async (_s, fresh) => ({ params: { id: (await fresh()).produto } }),
  'DELETE /v1/insumos/{id}': async (_s, fresh) => ({ params: { id: (await fresh()).insumoSolto } }),
  'DELETE /v1/fornecedores/{id}': async (_s, fresh) => ({ params: { id: (await fresh()).fornecedor } }),
  'PUT /v1/fichas/{produto_id}': async (_s, fresh) => {
    const f = await fresh();
    return {
      params: { produto_id: f.kit },
      body: { linhas: [{ tipo: 'insumo', insumo_id: f.insumo, consumo: 2 }] },
    };
  },
  'GET /v1/producao/plano': () => ({ query: `dia=${DIA}` }),
  'PUT /v1/producao/plano/{dia}': (s) => ({ params: { dia: DIA }, body: plano(s) }),
  'GET /v1/producao/apontamentos': () => ({}),
  'GET /v1/producao/apontamentos/{id}': (s) => ({ params: { id: s.apontamento } }),
  'POST /v1/producao/apontamentos': async (_s, fresh) => ({ body: apontamento(await fresh()) }),
  'POST /v1/producao/apontamentos/{id}/cancelamento': async (_s, fresh) => ({
    params: { id: (await fresh()).apontamento },
  }),
  'DELETE /v1/fichas/{produto_id}': async (_s, fresh) => ({ params: { produto_id: (await fresh()).kit } }),
  'GET /v1/compras/pedidos': () => ({}),
  'GET /v1/compras/pedidos/{id}': () => ({ params: { id: compras.pedido } }),
  'GET /v1/fornecedores/{id}/vinculos': () => ({ params: { id: compras.fornecedor } }),
  'GET /v1/notas': () => ({}),
  'GET /v1/notas/{id}': () => ({ params: { id: compras.nota } }),
  // A price is monetary input: only a token with custos:ler may send one.
  'POST /v1/compras/pedidos': (_s, _fresh, custos) => ({ body: pedidoCompra(custos) }),
  'POST /v1/compras/pedidos/{id}/cancelamento': async () => ({ params: { id: await compras.novoPedido() } }),
  'PUT /v1/fornecedores/{id}/vinculos/{codigo}': () => ({
    params: { id: compras.fornecedor, codigo: `C-${randomUUID().slice(0, 8)}` },
    body: { insumo_id: compras.insumo, fator: 3.2 },
  }),
  'DELETE /v1/fornecedores/{id}/vinculos/{codigo}': async () => ({
    params: { id: compras.fornecedor, codigo: await compras.novoVinculo() },
  }),
  'POST /v1/compras/recebimentos': () => ({ body: recebimento() }),
  'POST /v1/compras/recebimentos/previa': () => ({ body: recebimento() }),
  'POST /v1/compras/recebimentos/{id}/cancelamento': async () => ({
    params: { id: await compras.novoRecebimento() },
  }),
};

/**
 * A purchase order with prices and a received invoice with its costs, appended to the log as
 * their events (PurchasesWriter): what the purchases read routes answer.
 */
const compras = {
  pedido: '',
  nota: '',
  fornecedor: '',
  fornecedorCnpj: '',
  empresaCnpj: '',
  insumo: '',
  /** Writes with a token that has custos:ler, for the operations that need a record of their own. */
  novoPedido: async (): Promise<string> => '',
  novoVinculo: async (): Promise<string> => '',
  novoRecebimento: async (): Promise<string> => '',
};
const pedidoCompra = (custos: boolean) => ({
  fornecedor_id: compras.fornecedor,
  local_id: localId,
  itens: [{ insumo_id: compras.insumo, quantidade: 2, ...(custos ? { preco_unitario: 38.5 } : {}) }],
});
let numeroNota = 0;
/** A new invoice from the purchases supplier to the company each time: one item, ICMS and IPI. */
const recebimento = () => ({
  xml: generateNfe({
    emitente: { cnpj: compras.fornecedorCnpj, crt: 3 },
    destinatarioCnpj: compras.empresaCnpj,
    numero: ++numeroNota,
    emitidaEm: '2026-03-02T10:00:00-03:00',
    itens: [
      {
        cProd: 'MAL-1',
        xProd: 'Malha',
        uCom: 'rolo',
        qCom: '2',
        vUnCom: '100',
        icms: { vICMS: '24' },
        vIPI: '10',
      },
    ],
  }).xml,
  local_id: localId,
  vinculos: [{ n_item: 1, insumo_id: compras.insumo }],
});

const sku = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
const tecido = () => ({
  sku: sku('TEC'),
  nome: 'Tecido',
  unidade_compra: 'rolo',
  unidade_consumo: 'm',
  fator_conversao: 50,
  custo_referencia: 2.5,
});
let localId = '';
const DIA = '2030-01-15';
/** A day plan making the kit, whose bill consumes the item: its needs are valued. */
/** One kit made where the item's entry went in: its bill consumes 2 m. */
const apontamento = (s: Pick<Seeded, 'kit'>) => ({ produto_id: s.kit, quantidade: 1, local_id: localId });
const plano = (s: Seeded) => ({ itens: [{ produto_id: s.kit, quantidade: 3, local_id: localId }] });
const entrada = (insumo: string, _s?: Seeded) => ({
  insumo_id: insumo,
  local_id: localId,
  tipo: 'entrada_manual',
  quantidade: 10,
  custo_unitario: 3.25,
});

/** Every value the response holds at a place its JSON Schema marks as a cost, with its path. */
function costValues(schema: Json, value: unknown, path: string, out: Array<[string, unknown]>): void {
  if (schema[COST_MARK] === true) {
    out.push([path, value]);
    return;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const option of (schema[key] as Json[] | undefined) ?? []) costValues(option, value, path, out);
  if (Array.isArray(value) && schema.items)
    for (const [i, item] of value.entries()) costValues(schema.items as Json, item, `${path}[${i}]`, out);
  if (value && typeof value === 'object' && !Array.isArray(value) && schema.properties)
    for (const [key, property] of Object.entries(schema.properties as Record<string, Json>))
      if (key in (value as Json)) costValues(property, (value as Json)[key], `${path}.${key}`, out);
}

describeWith(['postgres'], 'cost fields over every operation of the OpenAPI document', () => {
  it('are null without custos:ler in every real response, and filled in with it', async () => {
    const db = await createTestDatabase({ poolSize: 10 });
    const eventStore = createPostgresEventStore({ pool: db.pool });
    const projector = startProjector({
      pool: db.pool,
      eventStore,
      projections: PROJECTIONS,
      pollIntervalMs: 50,
    });
    afterAll(async () => {
      await projector.close();
      await eventStore.close();
    });
    const { app } = await createTestApi(db, {
      checkAnswers: true,
      routes: [...readApiRoutes({ pool: db.pool, windowSeconds: 0 }), ...writeApiRoutes({ pool: db.pool })],
      limits: { perToken: 1_000_000, perCompany: 1_000_000 },
    });
    const escopos = ALL_SCOPES.filter((s) => s !== 'custos:ler');
    const tenant = await createTenantFixture(db.pool, { escopos: ALL_SCOPES });
    localId = tenant.locais[0]!.id;
    const withCosts = tenant.token;
    const { token: withoutCosts } = await createToken(db.pool, {
      empresaId: tenant.empresaId,
      criadorId: tenant.usuarioId,
      nome: 'Sem custos',
      escopos,
      now: new Date(),
    });

    const send = async (app: FastifyInstance, method: string, url: string, token: string, body?: unknown) => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return (res.statusCode === 204 ? null : res.json()) as unknown;
    };
    const idOf = async (recurso: string, item: unknown) => {
      const answer = (await send(app, 'POST', `/v1/${recurso}/lote`, withCosts, { itens: [item] })) as Json;
      return (answer.resultados as Array<{ id: string }>)[0]!.id;
    };
    // Records with costs in every resource: an item with a reference cost and an entry, a
    // product with a manual cost, a kit whose bill consumes the item.
    const fresh = async (): Promise<Seeded> => {
      const insumo = await idOf('insumos', tecido());
      const produto = await idOf('produtos', { sku: sku('P'), nome: 'Camisa', custo_manual: 12.5 });
      const kit = await idOf('produtos', { sku: sku('K'), nome: 'Kit', tipo: 'kit', custo_manual: 30 });
      const fornecedor = await idOf('fornecedores', { nome: 'Tecelagem', cnpj: randomCnpj() });
      await send(app, 'PUT', `/v1/fichas/${kit}`, withCosts, {
        linhas: [{ tipo: 'insumo', insumo_id: insumo, consumo: 2 }],
      });
      const movimento = (await send(
        app,
        'POST',
        '/v1/estoque/movimentos',
        withCosts,
        entrada(insumo),
      )) as Json;
      const insumoSolto = await idOf('insumos', tecido());
      const registro = (await send(
        app,
        'POST',
        '/v1/producao/apontamentos',
        withCosts,
        apontamento({ kit }),
      )) as Json;
      return {
        produto,
        kit,
        insumo,
        insumoSolto,
        fornecedor,
        movimento: movimento.id as string,
        apontamento: registro.id as string,
      };
    };
    const seeded = await fresh();
    const purchases = new PurchasesWriter(eventStore, tenant.empresaId);
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    const pedido = await purchases.pedido(minuteAgo, {
      numero: 1,
      fornecedor_id: seeded.fornecedor,
      itens: [{ insumo_id: seeded.insumo, quantidade: '2', preco_unitario: '38.5' }],
    });
    const nota = await purchases.receber(minuteAgo, {
      fornecedor_id: seeded.fornecedor,
      pedido_id: pedido.pedido_id,
    });
    await purchases.vinculo(minuteAgo, seeded.fornecedor, 'MAL-AZ-180', seeded.insumo, '3.2');
    Object.assign(compras, { pedido: pedido.pedido_id, nota: nota.nota_id, fornecedor: seeded.fornecedor });
    // The purchases writes: a supplier whose CNPJ the invoices name, the company's as recipient.
    compras.fornecedorCnpj = randomCnpj();
    compras.fornecedor = await idOf('fornecedores', { nome: 'Malharia', cnpj: compras.fornecedorCnpj });
    compras.insumo = seeded.insumo;
    compras.empresaCnpj = (
      await db.pool.query('SELECT cnpj FROM empresas WHERE id = $1', [tenant.empresaId])
    ).rows[0].cnpj;
    compras.novoPedido = async () =>
      ((await send(app, 'POST', '/v1/compras/pedidos', withCosts, pedidoCompra(true))) as Json).id as string;
    compras.novoVinculo = async () => {
      const codigo = `D-${randomUUID().slice(0, 8)}`;
      await send(app, 'PUT', `/v1/fornecedores/${compras.fornecedor}/vinculos/${codigo}`, withCosts, {
        insumo_id: compras.insumo,
        fator: 1,
      });
      return codigo;
    };
    compras.novoRecebimento = async () =>
      ((await send(app, 'POST', '/v1/compras/recebimentos', withCosts, recebimento())) as Json).id as string;
    await send(app, 'PUT', `/v1/producao/plano/${DIA}`, withCosts, plano(seeded));
    await Promise.all(PROJECTIONS.map((p) => waitUntilCaughtUp(db.pool, eventStore, p.name)));

    // The contract's operations: the test API mounts every route, so each is called for real.
    const document = serviceDocument() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: { 'application/json': { schema: Json } } }> }>
      >;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        path,
        method,
        operation,
      })),
    );
    expect(operations.map((o) => o.key).filter((key) => !(key in CALLS))).toEqual([]);

    const leaks: string[] = [];
    const shown = new Set<string>();
    const marked = new Set<string>();
    for (const { key, path, method, operation } of operations) {
      const [, success] = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))!;
      // A 204 answers no body: nothing in it to hide.
      const schema = success.content?.['application/json'].schema ?? {};
      for (const [token, costs] of [
        [withoutCosts, false],
        [withCosts, true],
      ] as const) {
        const call = await CALLS[key]!(seeded, fresh, costs);
        const url =
          path.replace(/\{(\w+)\}/g, (_, name: string) => call.params![name]!) +
          (call.query ? `?${call.query}` : '');
        const found: Array<[string, unknown]> = [];
        costValues(schema, await send(app, method.toUpperCase(), url, token, call.body), key, found);
        for (const [at, value] of found) {
          const field = at.replace(/\[\d+\]/g, '[]');
          marked.add(field);
          if (!costs && value !== null) leaks.push(`${at} = ${JSON.stringify(value)}`);
          if (costs && value !== null) shown.add(field);
        }
      }
    }
    expect(leaks).toEqual([]);
    // The walk saw the costs of every resource, and each one filled in for custos:ler.
    expect(marked.size).toBeGreaterThanOrEqual(10);
    expect([...marked].filter((field) => !shown.has(field))).toEqual([]);
  }, 120_000);
});
