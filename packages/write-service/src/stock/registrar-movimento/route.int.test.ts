import { randomUUID } from 'node:crypto';
import { createLocation } from '@factory/tenants';
import { describeWith } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countEvents,
  expectError,
  type MovementScene,
  NOW_TEXT,
  post,
  startMovementScene,
} from '../../../test/stock/stock-api.fixture.js';

const URL = '/v1/estoque/movimentos';
const MOVIMENTO_KEYS = [
  'criado_em',
  'custo_unitario',
  'id',
  'insumo_id',
  'local_id',
  'motivo',
  'origem',
  'quantidade',
  'referencia',
  'tipo',
  'unidade',
];

describeWith(['postgres', 'redis'], 'POST /v1/estoque/movimentos', () => {
  let { api, empresaId, token, localId, insumoId } = {} as MovementScene;
  const movement = (fields: Record<string, unknown> = {}) => ({
    insumo_id: insumoId,
    local_id: localId,
    tipo: 'entrada_manual',
    quantidade: 10,
    ...fields,
  });

  beforeAll(async () => {
    ({ api, empresaId, token, localId, insumoId } = await startMovementScene());
  });

  describe('success', () => {
    it('answers 201 with every key of the Movimento and X-Posicao-Log; the event carries the trail', async () => {
      const res = await post(
        api.app,
        URL,
        token,
        movement({
          quantidade: 2,
          unidade: 'rolo',
          custo_unitario: 100,
          referencia: 'NF 12',
          motivo: 'compra',
        }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(MOVIMENTO_KEYS);
      expect(body).toEqual({
        id: expect.any(String),
        insumo_id: insumoId,
        local_id: localId,
        tipo: 'entrada_manual',
        quantidade: 100, // 2 rolls of 50 m
        unidade: 'm',
        custo_unitario: 2, // 100 per roll
        referencia: 'NF 12',
        motivo: 'compra',
        origem: 'api',
        criado_em: NOW_TEXT,
      });
      const { rows } = await api.db.pool.query(
        'SELECT position, metadata, created, data FROM events WHERE event_id = $1',
        [body.id],
      );
      expect(res.headers['x-posicao-log']).toBe(String(rows[0].position));
      expect(rows[0].metadata).toEqual({
        empresa_id: empresaId,
        token_id: expect.any(String),
        request_id: res.headers['x-request-id'],
        idempotency_key: expect.any(String),
      });
      expect(rows[0].created.toISOString()).toBe('2026-03-10T12:00:00.000Z');
      expect(rows[0].data.criado_em).toBe(NOW_TEXT);
    });

    it('writes the index row of the movement with its event', async () => {
      const res = await post(api.app, URL, token, movement({ tipo: 'ajuste', quantidade: -1.5 }));
      expect(res.statusCode).toBe(201);
      const { rows } = await api.db.pool.query(
        'SELECT empresa_id::text, insumo_id::text FROM stock_movement_index WHERE movimento_id = $1',
        [res.json().id],
      );
      expect(rows).toEqual([{ empresa_id: empresaId, insumo_id: insumoId }]);
      expect(res.json()).toMatchObject({ tipo: 'ajuste', quantidade: -1.5, referencia: null, motivo: null });
    });

    it('nulls custo_unitario for a token without custos:ler, yet accepts it from that token', async () => {
      const other = await api.tenant(['estoque:escrever']);
      const item = await api.item(other.empresaId);
      const res = await post(api.app, URL, other.token, {
        insumo_id: item,
        local_id: other.locais[0]!.id,
        tipo: 'saldo_inicial',
        quantidade: 5,
        custo_unitario: 7.25,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().custo_unitario).toBeNull();
      const { rows } = await api.db.pool.query('SELECT data FROM events WHERE event_id = $1', [
        res.json().id,
      ]);
      expect(rows[0].data.custo_unitario).toBe('7.25');
    });

    it('values an entry without cost at the reference cost and an outflow at the average', async () => {
      const item = await api.item(empresaId);
      const entry = await post(api.app, URL, token, movement({ insumo_id: item, quantidade: 4 }));
      expect(entry.json().custo_unitario).toBe(2.5);
      const loss = await post(
        api.app,
        URL,
        token,
        movement({ insumo_id: item, tipo: 'perda', quantidade: -1 }),
      );
      expect(loss.json()).toMatchObject({ tipo: 'perda', quantidade: -1, custo_unitario: 2.5 });
    });
  });

  describe('refusals', () => {
    it('401 without a token, 403 without estoque:escrever', async () => {
      const anonymous = await api.app.inject({ method: 'POST', url: URL, payload: movement() });
      expectError(anonymous, 401, 'token_ausente');
      const reader = await api.tenant(['estoque:ler', 'custos:ler']);
      expectError(await post(api.app, URL, reader.token, movement()), 403, 'escopo_insuficiente');
    });

    it('400 parametro_invalido naming Idempotency-Key when it is missing or malformed', async () => {
      expectError(
        await post(api.app, URL, token, movement(), { key: null }),
        400,
        'parametro_invalido',
        'Idempotency-Key',
      );
      for (const key of ['', 'a b', 'chave/1', 'x'.repeat(101), 'ç']) {
        const res = await post(api.app, URL, token, movement(), { key });
        expectError(res, 400, 'parametro_invalido', 'Idempotency-Key');
      }
      const ok = await post(api.app, URL, token, movement(), { key: `A-z_0.9:${'x'.repeat(92)}` });
      expect(ok.statusCode).toBe(201);
    });

    it('415, 413 and 400 corpo_invalido for what is not a JSON object', async () => {
      expectError(
        await post(api.app, URL, token, JSON.stringify(movement()), { contentType: 'text/plain' }),
        415,
        'tipo_nao_suportado',
      );
      const big = JSON.stringify(movement({ motivo: 'x'.repeat(300_000) }));
      expectError(await post(api.app, URL, token, big), 413, 'corpo_grande_demais');
      expectError(await post(api.app, URL, token, '{"insumo_id": '), 400, 'corpo_invalido');
      expectError(await post(api.app, URL, token, '[1]'), 400, 'corpo_invalido');
      expectError(await post(api.app, URL, token, 'null'), 400, 'corpo_invalido');
      const charset = await post(api.app, URL, token, movement(), {
        contentType: 'application/json; charset=utf-8',
      });
      expect(charset.statusCode).toBe(201);
    });

    it('422 validacao naming the field at fault', async () => {
      const inactive = await createLocation(api.db.pool, {
        empresaId,
        nome: 'Velho',
        tipo: 'deposito',
        ativo: false,
      });
      const stranger = await api.tenant();
      const strangerItem = await api.item(stranger.empresaId);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...movement(), extra: 1 }, 'extra'],
        [{ local_id: localId, tipo: 'ajuste', quantidade: 1 }, 'insumo_id'],
        [movement({ insumo_id: 'nao-e-uuid' }), 'insumo_id'],
        [movement({ insumo_id: randomUUID() }), 'insumo_id'],
        [movement({ insumo_id: strangerItem }), 'insumo_id'],
        [movement({ local_id: undefined }), 'local_id'],
        [movement({ local_id: randomUUID() }), 'local_id'],
        [movement({ local_id: inactive }), 'local_id'],
        [movement({ local_id: stranger.locais[0]!.id }), 'local_id'],
        [movement({ tipo: 'estorno' }), 'tipo'],
        [movement({ tipo: 'entrada_nfe' }), 'tipo'],
        [movement({ tipo: 'baixa_producao', quantidade: -1 }), 'tipo'],
        [movement({ tipo: 'qualquer' }), 'tipo'],
        [movement({ tipo: 1 }), 'tipo'],
        [movement({ quantidade: 0 }), 'quantidade'],
        [movement({ quantidade: '10' }), 'quantidade'],
        [movement({ quantidade: 1e13 }), 'quantidade'],
        [movement({ quantidade: -1 }), 'quantidade'],
        [movement({ tipo: 'perda', quantidade: 1 }), 'quantidade'],
        [movement({ tipo: 'saldo_inicial', quantidade: -1 }), 'quantidade'],
        [movement({ unidade: 'kg' }), 'unidade'],
        [movement({ unidade: '' }), 'unidade'],
        [movement({ custo_unitario: -0.01 }), 'custo_unitario'],
        [movement({ custo_unitario: 'caro' }), 'custo_unitario'],
        [movement({ tipo: 'ajuste', quantidade: -1, custo_unitario: 3 }), 'custo_unitario'],
        [movement({ referencia: 'r'.repeat(201) }), 'referencia'],
        [movement({ referencia: 5 }), 'referencia'],
        [movement({ motivo: 'm'.repeat(501) }), 'motivo'],
      ];
      for (const [body, campo] of cases) {
        const res = await post(api.app, URL, token, body);
        expect({ body, status: res.statusCode, campo: res.json().erro?.campo }).toEqual({
          body,
          status: 422,
          campo,
        });
        expectError(res, 422, 'validacao', campo);
      }
    });

    it('422 validacao on insumo_id for an item deleted through the catalog, appending nothing', async () => {
      const client = await api.tenant(['estoque:escrever', 'insumos:escrever', 'custos:ler']);
      const item = await api.catalogItem(client.token);
      const local_id = client.locais[0]!.id;
      const entry = { insumo_id: item, local_id, tipo: 'entrada_manual', quantidade: 3 };
      expect((await post(api.app, URL, client.token, entry)).statusCode).toBe(201);
      await api.deleteItem(client.token, item);
      for (const body of [entry, { ...entry, tipo: 'perda', quantidade: -1 }]) {
        const res = await post(api.app, URL, client.token, body);
        expectError(res, 422, 'validacao', 'insumo_id');
        expect(res.json().erro.mensagem).toContain('excluído');
      }
      expect(await countEvents(api.db, client.empresaId, item, 'MovimentoRegistrado.v1')).toBe(1);
    });

    it('409 conflito for saldo_inicial after the first movement in that location', async () => {
      const item = await api.item(empresaId);
      expect(
        (await post(api.app, URL, token, movement({ insumo_id: item, tipo: 'saldo_inicial' }))).statusCode,
      ).toBe(201);
      const again = await post(api.app, URL, token, movement({ insumo_id: item, tipo: 'saldo_inicial' }));
      expectError(again, 409, 'conflito');
      const elsewhere = await post(
        api.app,
        URL,
        token,
        movement({ insumo_id: item, tipo: 'saldo_inicial', local_id: (await api.tenant()).locais[0]!.id }),
      );
      expectError(elsewhere, 422, 'validacao', 'local_id');
    });
  });
});
