import { createTenantFixture } from '@factory/tenants/testing';
import { createTestApi, createTestDatabase, describeWith } from '@factory/testing';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { euRoute } from './route.js';

describeWith(['postgres', 'redis'], 'GET /v1/eu', () => {
  let app: FastifyInstance;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    ({ app } = await createTestApi(db, { routes: [euRoute], checkAnswers: true }));
  });

  it('describes the company and the calling token, every key present', async () => {
    const t = await createTenantFixture(db.pool, {
      escopos: ['estoque:escrever', 'custos:ler'],
      nome: 'Malharia Boa Vista',
      fuso: 'America/Manaus',
      horaVirada: '06:30',
      skuPrefixo: 'MBV',
      regimeTributario: 'real',
      contribuinteIpi: true,
      tokenNome: 'ERP',
      expiraEm: new Date('2030-01-02T03:04:05.678Z'),
    });
    const res = await app.inject({ url: '/v1/eu', headers: { authorization: `Bearer ${t.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toEqual({
      empresa: {
        id: t.empresaId,
        nome: 'Malharia Boa Vista',
        cnpj: expect.stringMatching(/^\d{14}$/),
        fuso: 'America/Manaus',
        hora_virada: '06:30',
        sku_prefixo: 'MBV',
        regime_tributario: 'real',
        contribuinte_ipi: true,
      },
      token: {
        prefixo: t.token.slice(0, 20),
        nome: 'ERP',
        escopos: ['estoque:escrever', 'custos:ler'],
        expira_em: '2030-01-02T03:04:05.678+00:00',
        limite_por_minuto: 120,
        limite_empresa_por_minuto: 300,
      },
    });
  });

  it('works with any token, says null for no expiry, and takes no parameter', async () => {
    const t = await createTenantFixture(db.pool, { escopos: [], expiraEm: null });
    const res = await app.inject({ url: '/v1/eu', headers: { authorization: `Bearer ${t.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().token.expira_em).toBeNull();
    expect(res.json().empresa).toMatchObject({ regime_tributario: 'simples', contribuinte_ipi: false });
    const refused = await app.inject({
      url: '/v1/eu?limite=1',
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().erro).toMatchObject({ codigo: 'parametro_invalido', campo: 'limite' });
  });
});
