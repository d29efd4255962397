import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { type CatalogApi, lote, startCatalogApi } from '../test/catalog/catalog-api.fixture.js';

// Issue 21 §3: a missing required field reads the same in a batch item's refusal and in a
// single write's 422, whichever layer notices it (the decider or the body's schema).
describeWith(['postgres', 'redis'], 'a missing required field, in a batch item and in a single write', () => {
  let api: CatalogApi;
  let token: string;

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token } = await api.tenant());
  });

  it('is refused with the same words', async () => {
    const [item] = await lote(api, 'produtos', token, [{ nome: 'Camiseta sem sku' }]);
    expect(item).toMatchObject({ indice: 0, sku: null, ok: false, id: null });
    expect(item!.erro).toBe('sku: campo obrigatório ausente');

    const single = await api.send(
      'POST',
      '/v1/estoque/movimentos',
      token,
      { insumo_id: randomUUID(), local_id: randomUUID(), quantidade: 1 },
      { 'idempotency-key': randomUUID() },
    );
    expect(single.statusCode, single.body).toBe(422);
    const { erro } = single.json();
    expect(erro).toMatchObject({ codigo: 'validacao', campo: 'tipo' });
    expect(erro.mensagem).toContain('tipo (campo obrigatório ausente)');
  });
});
