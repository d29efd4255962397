import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  del,
  expectError,
  type PurchasesScene,
  put,
  startPurchasesScene,
} from '../../../test/purchases/purchases-api.fixture.js';

describeWith(['postgres', 'redis'], 'PUT and DELETE /v1/fornecedores/{id}/vinculos/{codigo}', () => {
  let scene: PurchasesScene;
  beforeAll(async () => {
    scene = await startPurchasesScene();
  });
  const url = (codigo: string, fornecedor = scene.supplierId) =>
    `/v1/fornecedores/${fornecedor}/vinculos/${encodeURIComponent(codigo)}`;

  it('PUT creates and replaces the link (200 with it); DELETE removes it (204, then 404)', async () => {
    const codigo = 'AÇO 2/3mm';
    const created = await put(scene.app, url(codigo), scene.token, { insumo_id: scene.caixaId, fator: 12 });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({
      fornecedor_id: scene.supplierId,
      codigo,
      insumo_id: scene.caixaId,
      fator: 12,
      atualizado_em: '2026-03-10T12:00:00.000+00:00',
    });
    expect(created.headers['x-posicao-log']).toMatch(/^\d+$/);
    const replaced = await put(scene.app, url(codigo), scene.token, { insumo_id: scene.quiloId, fator: 0.5 });
    expect(replaced.json()).toMatchObject({ insumo_id: scene.quiloId, fator: 0.5 });
    const removed = await del(scene.app, url(codigo), scene.token);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(removed.body).toBe('');
    expectError(await del(scene.app, url(codigo), scene.token), 404, 'nao_encontrado');
  });

  it('DELETE under an Idempotency-Key replays its 204 to a repeat', async () => {
    const codigo = `K-${randomUUID().slice(0, 6)}`;
    expect(
      (await put(scene.app, url(codigo), scene.token, { insumo_id: scene.caixaId, fator: 1 })).statusCode,
    ).toBe(200);
    const key = randomUUID();
    const headers = { authorization: `Bearer ${scene.token}`, 'idempotency-key': key };
    const first = await scene.app.inject({ method: 'DELETE', url: url(codigo), headers });
    const again = await scene.app.inject({ method: 'DELETE', url: url(codigo), headers });
    expect([first.statusCode, first.body]).toEqual([204, '']);
    expect([again.statusCode, again.body]).toEqual([204, '']);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers['x-posicao-log']).toBe(first.headers['x-posicao-log']);
    const other = await scene.app.inject({
      method: 'DELETE',
      url: url(codigo),
      headers: { authorization: `Bearer ${scene.token}`, 'idempotency-key': randomUUID() },
    });
    expectError(other, 404, 'nao_encontrado');
  });

  it('refuses: unknown or deleted supplier 404; unknown item, fator not > 0, code over 60 characters 422', async () => {
    expectError(
      await put(scene.app, url('X', randomUUID()), scene.token, { insumo_id: scene.caixaId, fator: 1 }),
      404,
      'nao_encontrado',
    );
    expectError(await del(scene.app, url('X', randomUUID()), scene.token), 404, 'nao_encontrado');
    expectError(
      await put(scene.app, url('X'), scene.token, { insumo_id: randomUUID(), fator: 1 }),
      422,
      'validacao',
      'insumo_id',
    );
    expectError(
      await put(scene.app, url('X'), scene.token, { insumo_id: scene.caixaId, fator: 0 }),
      422,
      'validacao',
      'fator',
    );
    expectError(
      await put(scene.app, url('X'), scene.token, { insumo_id: scene.caixaId }),
      422,
      'validacao',
      'fator',
    );
    const long = 'C'.repeat(61);
    const res = await put(scene.app, url(long), scene.token, { insumo_id: scene.caixaId, fator: 1 });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const token = await scene.tokenWith(['compras:ler']);
    expectError(
      await put(scene.app, url('X'), token, { insumo_id: scene.caixaId, fator: 1 }),
      403,
      'escopo_insuficiente',
    );
  });
});
