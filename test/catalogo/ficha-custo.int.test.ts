import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  cadastrar,
  entrada,
  insumoLinha,
  ok,
  type ProducaoApi,
  produtoLinha,
  startProducaoApi,
} from '../producao/producao-api.fixture.js';

// A bill write answers its `custo` from the write side's bill tree and the stock read model's
// averages (packages/write-service's answered-cost.ts); GET /v1/fichas/{id} from the catalog projection's
// own roll-up. Once the projector has caught up, both must say the same, to the last place.
describeWith(['postgres'], 'PUT /v1/fichas answers the custo GET /v1/fichas then reads', () => {
  let api: ProducaoApi;
  let token: string;
  let locais: string[];

  beforeAll(async () => {
    api = await startProducaoApi();
    const tenant = await api.tenant();
    token = tenant.token;
    locais = tenant.locais.map((l) => l.id);
  });

  it('over supply items moved at several locations, unmoved ones, components with and without a bill', async () => {
    const unidades = { unidade_compra: 'm', unidade_consumo: 'm', fator_conversao: 1 };
    const movido = await cadastrar(api, 'insumos', token, {
      nome: 'Tecido',
      ...unidades,
      custo_referencia: 9,
    });
    const parado = await cadastrar(api, 'insumos', token, {
      nome: 'Linha',
      ...unidades,
      custo_referencia: 1.75,
    });
    // Averages with many places, weighed across two locations, one of them after a loss.
    await entrada(api, token, movido, locais[0]!, 3, 1.3333);
    await entrada(api, token, movido, locais[1]!, 7, 2.71829);
    await entrada(api, token, movido, locais[0]!, 0.5, 5.125);
    await ok(
      api.send(
        'POST',
        '/v1/estoque/movimentos',
        token,
        { insumo_id: movido, local_id: locais[1]!, tipo: 'perda', quantidade: -2.25 },
        { 'idempotency-key': randomUUID() },
      ),
      201,
    );
    const manual = await cadastrar(api, 'produtos', token, { nome: 'Botão', custo_manual: 12.345 });
    const semi = await cadastrar(api, 'produtos', token, { nome: 'Frente' });
    await ok(
      api.send('PUT', `/v1/fichas/${semi}`, token, {
        linhas: [insumoLinha(movido, 0.333, { perda_pct: 0.05 })],
      }),
    );
    const kit = await cadastrar(api, 'produtos', token, { nome: 'Camisa' });
    // The write answer reads the averages as projected: let the projector catch up first.
    await api.projected();

    const escrita = await ok(
      api.send('PUT', `/v1/fichas/${kit}`, token, {
        linhas: [
          insumoLinha(movido, 2, { perda_pct: 0.1 }),
          insumoLinha(parado, 3),
          produtoLinha(semi, 1.5),
          produtoLinha(manual, 0.25, { perda_pct: 0.02 }),
        ],
      }),
    );
    await api.projected();
    const lida = await ok(api.send('GET', `/v1/fichas/${kit}`, token));

    // The moved item counts at its averages, not at its reference cost, which would give
    // 2 × 1.1 × 9 + 3 × 1.75 + 1.5 × (0.333 × 1.05 × 9) + 0.25 × 1.02 × 12.345 = 32.91825.
    expect(escrita.custo).toEqual(expect.any(Number));
    expect(escrita.custo).not.toBe(32.9183);
    expect(lida.custo).toBe(escrita.custo);
  });
});
