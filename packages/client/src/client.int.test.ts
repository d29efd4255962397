import { randomUUID } from 'node:crypto';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { createServiceApi } from '../test/generated/service-description.fixture.js';
import { createFactoryClient, type FactoryClient } from './index.js';

describeWith(['postgres', 'redis'], '@factory/client against the real service', () => {
  let client: FactoryClient;
  let empresaId: string;

  beforeAll(async () => {
    const db = await createTestDatabase();
    const { app } = await createServiceApi(db);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const tenant = await createTenantFixture(db.pool, { escopos: ['insumos:escrever'] });
    empresaId = tenant.empresaId;
    client = createFactoryClient({ baseUrl: address, token: tenant.token });
  });

  it('reads: GET /v1/eu gives the typed company and token', async () => {
    const { data, error, response } = await client.GET('/v1/eu');
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.empresa.id).toBe(empresaId);
    expect(data?.token.escopos).toEqual(['insumos:escrever']);
  });

  it('writes: POST /v1/insumos/lote with its Idempotency-Key, then a typed error', async () => {
    const sku = `TST-TEC-${randomUUID().slice(0, 8).toUpperCase()}`;
    const body = {
      itens: [{ sku, nome: 'Tecido', unidade_compra: 'rolo', unidade_consumo: 'm', fator_conversao: 50 }],
    };
    const written = await client.POST('/v1/insumos/lote', {
      params: { header: { 'Idempotency-Key': randomUUID() } },
      body,
    });
    expect(written.response.status).toBe(200);
    expect(written.data?.resultados).toEqual([
      { indice: 0, sku, ok: true, id: expect.any(String), erro: null },
    ]);

    const refused = await client.POST('/v1/insumos/lote', {
      params: { header: { 'Idempotency-Key': '' } },
      body,
    });
    expect(refused.data).toBeUndefined();
    expect(refused.response.status).toBe(400);
    expect(refused.error?.erro.codigo).toEqual(expect.any(String));
  });
});
