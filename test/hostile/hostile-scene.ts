import type { AnyRoute } from '@factory/http';
import { generateNfe } from '@factory/nfe';
import { waitUntilCaughtUp } from '@factory/read-models';
import { readApiRoutes } from '@factory/read-service';
import { createTenantFixture, randomCnpj, type TenantFixture } from '@factory/tenants/testing';
import { createTestApi, createTestDatabase, type TestDatabase } from '@factory/testing';
import { writeApiRoutes } from '@factory/write-service';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { startFollowingProjector } from '../../packages/read-models/test/projector/following-projector.fixture.js';

const ALL = [
  'produtos:escrever',
  'insumos:escrever',
  'fornecedores:escrever',
  'fichas:escrever',
  'estoque:escrever',
  'producao:escrever',
  'compras:escrever',
  'compras:ler',
  'notas:ler',
  'custos:ler',
];

/** Ids of records company A owns, so that hostile requests also reach deep into the routes. */
export interface Seeded {
  produtoId: string;
  insumoId: string;
  fornecedorId: string;
  movimentoId: string;
  localId: string;
  /** A purchase order of A's, a received invoice's id, and an authorised invoice of A's supplier to A. */
  pedidoId: string;
  notaId: string;
  nfeXml: string;
  /** A real cursor of A's product list (`limite=1`), and one of B's. */
  cursorA: string;
  cursorB: string;
}

export interface HostileScene {
  db: TestDatabase;
  app: FastifyInstance;
  routes: AnyRoute[];
  a: TenantFixture;
  b: TenantFixture;
  seeded: Seeded;
  /** The log's head: a refusal must leave it where it was. */
  logHead(): Promise<string>;
}

/** Every route of both APIs on one platform, a projector, two companies and A's records. */
export async function startHostileScene(): Promise<HostileScene> {
  const db = await createTestDatabase();
  const store = startFollowingProjector(db);
  const routes = [
    ...readApiRoutes({ pool: db.pool, windowSeconds: 0 }),
    ...writeApiRoutes({ pool: db.pool }),
  ];
  const service = await createTestApi(db, {
    checkAnswers: true,
    routes,
    limits: { perToken: 10_000_000, perCompany: 10_000_000 },
  });
  const app = service.app;
  const cnpjA = randomCnpj();
  const a = await createTenantFixture(db.pool, { escopos: ALL, cnpj: cnpjA });
  const b = await createTenantFixture(db.pool, { escopos: ALL });
  const send = async (token: string, method: 'POST' | 'PUT', url: string, payload: unknown, status = 200) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `seed-${Math.random()}` },
      payload: payload as object,
    });
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const ids = async (token: string, url: string, itens: object[]) =>
    ((await send(token, 'POST', url, { itens })).resultados as Array<{ id: string; ok: boolean }>).map(
      (r) => {
        expect(r.ok).toBe(true);
        return r.id;
      },
    );
  const seedCompany = async (t: TenantFixture) => {
    const supplierCnpj = randomCnpj();
    const [fornecedorId] = await ids(t.token, '/v1/fornecedores/lote', [
      { nome: 'Fornecedor hostil', uf: 'SP', cnpj: supplierCnpj },
    ]);
    const [insumoId] = await ids(t.token, '/v1/insumos/lote', [
      {
        sku: 'H-FIO',
        nome: 'Fio',
        unidade_compra: 'kg',
        unidade_consumo: 'g',
        fator_conversao: 1000,
        custo_referencia: 0.02,
      },
    ]);
    const produtos = await ids(t.token, '/v1/produtos/lote', [
      { sku: 'H-1', nome: 'Camiseta', atributos: { cor: 'azul' } },
      { sku: 'H-2', nome: 'Camiseta 2' },
      { sku: 'H-3', nome: 'Camiseta 3' },
    ]);
    await send(t.token, 'PUT', `/v1/fichas/${produtos[0]}`, {
      linhas: [{ tipo: 'insumo', insumo_id: insumoId, consumo: 150, unidade: 'g', perda_pct: 0.05 }],
    });
    const localId = t.locais[0]!.id;
    const movimento = await send(
      t.token,
      'POST',
      '/v1/estoque/movimentos',
      {
        insumo_id: insumoId,
        local_id: localId,
        tipo: 'entrada_manual',
        quantidade: 5000,
        custo_unitario: 0.03,
      },
      201,
    );
    // Purchases: an order, and an invoice of the supplier received (its code now linked).
    const pedido = await send(
      t.token,
      'POST',
      '/v1/compras/pedidos',
      { fornecedor_id: fornecedorId, local_id: localId, itens: [{ insumo_id: insumoId, quantidade: 2 }] },
      201,
    );
    const invoice = (numero: number) =>
      generateNfe({
        emitente: { cnpj: supplierCnpj, crt: 3 },
        destinatarioCnpj: t === a ? cnpjA : '00000000000000',
        numero,
        emitidaEm: '2026-11-20T10:00:00-03:00',
        itens: [{ cProd: 'H-KG', xProd: 'Fio', uCom: 'KG', qCom: '1.0000', vUnCom: '30' }],
      }).xml;
    let notaId = '';
    if (t === a) {
      const nota = await send(
        t.token,
        'POST',
        '/v1/compras/recebimentos',
        { xml: invoice(1), local_id: localId, vinculos: [{ n_item: 1, insumo_id: insumoId }] },
        201,
      );
      notaId = nota.id;
    }
    return {
      produtoId: produtos[0]!,
      insumoId: insumoId!,
      fornecedorId: fornecedorId!,
      movimentoId: movimento.id,
      localId,
      pedidoId: pedido.id as string,
      notaId,
      nfeXml: invoice(2),
    };
  };
  const seededA = await seedCompany(a);
  await seedCompany(b);
  await waitUntilCaughtUp(db.pool, store, 'catalogo', { timeoutMs: 30_000 });
  // The list shows the seeded rows once the projector's watermark passes them: wait for it.
  const cursorOf = async (token: string) => {
    for (let attempt = 0; attempt < 600; attempt++) {
      const res = await app.inject({
        url: '/v1/produtos?limite=1',
        headers: { authorization: `Bearer ${token}` },
      });
      const cursor = res.json().proximo_cursor as string | null;
      if (cursor) return cursor;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the seeded products never showed in /v1/produtos');
  };
  const seeded = { ...seededA, cursorA: await cursorOf(a.token), cursorB: await cursorOf(b.token) };
  return {
    db,
    app,
    routes,
    a,
    b,
    seeded,
    async logHead() {
      const { rows } = await db.pool.query<{ head: string }>(
        "SELECT coalesce(max(position), 0)::text || '/' || count(*)::text AS head FROM events",
      );
      return rows[0]!.head;
    },
  };
}
