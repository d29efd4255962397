import { createLocation } from '@factory/tenants';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestApi, createTestDatabase, describeWith } from '@factory/testing';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { locaisRoute } from './route.js';

describeWith(['postgres', 'redis'], 'GET /v1/locais', () => {
  let app: FastifyInstance;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    ({ app } = await createTestApi(db, { routes: [locaisRoute(db.pool)], checkAnswers: true }));
  });

  it("lists the company's locations by name, inactive ones too, unpaginated, and no other company's", async () => {
    const mine = await createTenantFixture(db.pool, { escopos: [] });
    const other = await createTenantFixture(db.pool, { escopos: [] });
    await createLocation(db.pool, {
      empresaId: mine.empresaId,
      nome: 'Almoxarifado',
      tipo: 'deposito',
      ativo: false,
    });
    await createLocation(db.pool, {
      empresaId: mine.empresaId,
      nome: 'Oficina Terceira',
      tipo: 'terceiro',
      ativo: true,
    });
    const res = await app.inject({ url: '/v1/locais', headers: { authorization: `Bearer ${mine.token}` } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.proximo_cursor).toBeNull();
    expect(body.dados.map((l: { nome: string }) => l.nome)).toEqual([
      'Almoxarifado',
      'Depósito',
      'Fábrica',
      'Oficina Terceira',
    ]);
    expect(body.dados[0]).toEqual({
      id: expect.any(String),
      nome: 'Almoxarifado',
      tipo: 'deposito',
      ativo: false,
    });
    const otherIds = new Set(other.locais.map((l) => l.id));
    expect(body.dados.some((l: { id: string }) => otherIds.has(l.id))).toBe(false);
  });

  it('refuses parameters, including a cursor', async () => {
    const t = await createTenantFixture(db.pool, { escopos: [] });
    const res = await app.inject({
      url: '/v1/locais?cursor=abc',
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().erro).toMatchObject({ codigo: 'parametro_invalido', campo: 'cursor' });
  });
});
