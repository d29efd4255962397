import { randomUUID } from 'node:crypto';
import { createLocation } from '@factory/tenants';
import { describeWith } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectError,
  type PurchasesScene,
  post,
  startPurchasesScene,
} from '../../../test/purchases/purchases-api.fixture.js';

const URL = '/v1/compras/pedidos';

describeWith(['postgres', 'redis'], 'POST /v1/compras/pedidos', () => {
  let scene: PurchasesScene;
  beforeAll(async () => {
    scene = await startPurchasesScene();
  });
  const order = (fields: Record<string, unknown> = {}) => ({
    fornecedor_id: scene.supplierId,
    local_id: scene.localId,
    itens: [
      { insumo_id: scene.caixaId, quantidade: 10, preco_unitario: 12.5 },
      { insumo_id: scene.quiloId, quantidade: 2.5 },
    ],
    ...fields,
  });
  const logHead = async () =>
    (await scene.db.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n;

  it('answers 201 with the PedidoCompra: defaults from the supplier, lines in order, X-Posicao-Log', async () => {
    const res = await post(scene.app, URL, scene.token, order({ observacao: 'manhã' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      numero: expect.any(Number),
      fornecedor_id: scene.supplierId,
      local_id: scene.localId,
      situacao: 'aberto',
      // 2026-03-10 (production day in São Paulo at 09:00) + the supplier's 3 days.
      previsto_para: '2026-03-13',
      condicao_pagamento: [30, 60],
      observacao: 'manhã',
      itens: [
        {
          id: expect.any(String),
          insumo_id: scene.caixaId,
          quantidade: 10,
          unidade: 'cx',
          preco_unitario: 12.5,
          quantidade_recebida: 0,
        },
        {
          id: expect.any(String),
          insumo_id: scene.quiloId,
          quantidade: 2.5,
          unidade: 'kg',
          preco_unitario: null,
          quantidade_recebida: 0,
        },
      ],
      valor_total: null,
      motivo_cancelamento: null,
      criado_em: '2026-03-10T12:00:00.000+00:00',
      atualizado_em: '2026-03-10T12:00:00.000+00:00',
    });
    const { rows } = await scene.db.pool.query('SELECT position, type FROM events WHERE event_id = $1', [
      body.id,
    ]);
    expect(rows[0]).toMatchObject({ type: 'PedidoCompraCriado.v1' });
    expect(res.headers['x-posicao-log']).toBe(String(rows[0].position));
    const priced = await post(scene.app, URL, scene.token, {
      ...order({ previsto_para: '2026-04-01', condicao_pagamento: null }),
      itens: [{ insumo_id: scene.caixaId, quantidade: 3, preco_unitario: 2.345 }],
    });
    expect(priced.json()).toMatchObject({
      previsto_para: '2026-04-01',
      condicao_pagamento: null,
      valor_total: 7.04,
    });
  });

  it('numbers orders 1, 2, 3 ... per company in creation order, never reused, also when created concurrently', async () => {
    const own = await startPurchasesScene();
    const first = await post(own.app, URL, own.token, {
      fornecedor_id: own.supplierId,
      local_id: own.localId,
      itens: [{ insumo_id: own.caixaId, quantidade: 1 }],
    });
    expect(first.json().numero).toBe(1);
    const body = {
      fornecedor_id: own.supplierId,
      local_id: own.localId,
      itens: [{ insumo_id: own.caixaId, quantidade: 1 }],
    };
    const answers = await Promise.all(Array.from({ length: 16 }, () => post(own.app, URL, own.token, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(16).fill(201));
    const numeros = answers.map((a) => a.json().numero).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 16 }, (_, i) => i + 2));
    // Creation order: a higher number was created no earlier in the log.
    const { rows } = await own.db.pool.query<{ numero: number }>(
      `SELECT (data->>'numero')::int AS numero FROM events WHERE type = 'PedidoCompraCriado.v1' ORDER BY position`,
    );
    expect(rows.map((r) => r.numero)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    // A cancelled order keeps its number: the next one goes on.
    const cancelled = await post(own.app, `${URL}/${first.json().id}/cancelamento`, own.token, {});
    expect(cancelled.statusCode).toBe(200);
    expect((await post(own.app, URL, own.token, body)).json().numero).toBe(18);
  });

  it('replays a retry with the same key and creates once', async () => {
    const key = randomUUID();
    const a = await post(scene.app, URL, scene.token, order(), { key });
    const b = await post(scene.app, URL, scene.token, order(), { key });
    expect(b.body).toBe(a.body);
    expect(b.headers['idempotency-replayed']).toBe('true');
    expectError(
      await post(scene.app, URL, scene.token, order({ observacao: 'outra' }), { key }),
      409,
      'chave_idempotencia_reutilizada',
    );
  });

  describe('refusals name the field and write nothing', () => {
    const refused = async (
      body: unknown,
      status: number,
      codigo: string,
      campo?: string,
      token = scene.token,
    ) => {
      const before = await logHead();
      expectError(await post(scene.app, URL, token, body), status, codigo, campo);
      expect(await logHead()).toBe(before);
    };

    it('400 without Idempotency-Key', async () => {
      expectError(
        await post(scene.app, URL, scene.token, order(), { key: null }),
        400,
        'parametro_invalido',
        'Idempotency-Key',
      );
    });

    it('a supplier that is unknown, deleted or inactive', async () => {
      await refused(order({ fornecedor_id: randomUUID() }), 422, 'validacao', 'fornecedor_id');
      const inactive = await scene.supplier({ ativo: false });
      await refused(order({ fornecedor_id: inactive.id }), 422, 'validacao', 'fornecedor_id');
      const deleted = await scene.supplier();
      const del = await scene.app.inject({
        method: 'DELETE',
        url: `/v1/fornecedores/${deleted.id}`,
        headers: { authorization: `Bearer ${scene.token}` },
      });
      expect(del.statusCode).toBe(200);
      await refused(order({ fornecedor_id: deleted.id }), 422, 'validacao', 'fornecedor_id');
    });

    it('a location that is inactive or not the company’s', async () => {
      const inactive = await createLocation(scene.db.pool, {
        empresaId: scene.empresaId,
        nome: `Inativo ${randomUUID().slice(0, 4)}`,
        tipo: 'deposito',
        ativo: false,
      });
      await refused(order({ local_id: inactive }), 422, 'validacao', 'local_id');
      await refused(order({ local_id: randomUUID() }), 422, 'validacao', 'local_id');
    });

    it('lines: none, over 200, a supply item twice, unknown, inactive or deleted, quantity not > 0', async () => {
      await refused(order({ itens: [] }), 422, 'validacao', 'itens');
      const many = Array.from({ length: 201 }, () => ({ insumo_id: scene.caixaId, quantidade: 1 }));
      await refused(order({ itens: many }), 422, 'validacao', 'itens');
      await refused(
        order({
          itens: [
            { insumo_id: scene.caixaId, quantidade: 1 },
            { insumo_id: scene.caixaId, quantidade: 2 },
          ],
        }),
        422,
        'validacao',
        'itens[1].insumo_id',
      );
      await refused(
        order({ itens: [{ insumo_id: randomUUID(), quantidade: 1 }] }),
        422,
        'validacao',
        'itens[0].insumo_id',
      );
      const inactive = await scene.supplyItem({ ativo: false });
      await refused(
        order({ itens: [{ insumo_id: inactive, quantidade: 1 }] }),
        422,
        'validacao',
        'itens[0].insumo_id',
      );
      await refused(
        order({ itens: [{ insumo_id: scene.caixaId, quantidade: 0 }] }),
        422,
        'validacao',
        'itens[0].quantidade',
      );
      await refused(
        order({ itens: [{ insumo_id: scene.caixaId }] }),
        422,
        'validacao',
        'itens[0].quantidade',
      );
    });

    it('preco_unitario from a token without custos:ler; the fields of the wrong type; 403 without the scope', async () => {
      const token = await scene.tokenWith(['compras:escrever']);
      await refused(order(), 422, 'validacao', 'itens[0].preco_unitario', token);
      const fine = await post(
        scene.app,
        URL,
        token,
        order({ itens: [{ insumo_id: scene.caixaId, quantidade: 1 }] }),
      );
      expect(fine.statusCode, fine.body).toBe(201);
      expect(fine.json().valor_total).toBeNull();
      await refused(order({ previsto_para: '2026-02-30' }), 422, 'validacao', 'previsto_para');
      await refused(order({ condicao_pagamento: [60, 30] }), 422, 'validacao', 'condicao_pagamento');
      await refused(order({ observacao: 'x'.repeat(501) }), 422, 'validacao', 'observacao');
      await refused(order({ desconto: 1 }), 422, 'validacao', 'desconto');
      await refused(order(), 403, 'escopo_insuficiente', undefined, await scene.tokenWith(['compras:ler']));
    });
  });
});
