import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countEvents,
  expectError,
  type MovementScene,
  NOW_TEXT,
  post,
  startMovementScene,
} from '../../../test/stock/stock-api.fixture.js';

const MOVIMENTOS = '/v1/estoque/movimentos';
const estorno = (id: string) => `${MOVIMENTOS}/${id}/estorno`;

describeWith(['postgres', 'redis'], 'POST /v1/estoque/movimentos/{id}/estorno', () => {
  let { api, empresaId, token, localId, insumoId } = {} as MovementScene;

  /** Registers an entry of 10 m at 4.0 and returns its answer. */
  const entry = (fields: Record<string, unknown> = {}) =>
    post(api.app, MOVIMENTOS, token, {
      insumo_id: insumoId,
      local_id: localId,
      tipo: 'entrada_manual',
      quantidade: 10,
      custo_unitario: 4,
      ...fields,
    });
  const reverse = (id: string, body?: unknown, key: string | null = null) =>
    post(api.app, estorno(id), token, body, { key });
  const idOf = (res: LightMyRequestResponse): string => res.json().id;

  beforeAll(async () => {
    ({ api, empresaId, token, localId, insumoId } = await startMovementScene(1));
  });

  describe('success', () => {
    it('answers 201 with the reversal, sent with no body and no Content-Type', async () => {
      const original = await entry({ referencia: 'NF 1', motivo: 'compra' });
      const res = await reverse(idOf(original));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(String),
        insumo_id: insumoId,
        local_id: localId,
        tipo: 'estorno',
        quantidade: -10,
        unidade: 'm',
        custo_unitario: 4,
        referencia: idOf(original),
        motivo: null,
        origem: 'api',
        criado_em: NOW_TEXT,
      });
      expect(res.headers['x-posicao-log']).toMatch(/^\d+$/);
      expect(Number(res.headers['x-posicao-log'])).toBeGreaterThan(Number(original.headers['x-posicao-log']));
    });

    it('takes an optional motivo, and an empty object', async () => {
      const withReason = await reverse(idOf(await entry()), { motivo: 'lançado em dobro' });
      expect(withReason.json()).toMatchObject({ tipo: 'estorno', motivo: 'lançado em dobro' });
      expect((await reverse(idOf(await entry()), {})).statusCode).toBe(201);
      expect((await reverse(idOf(await entry()), { motivo: null })).statusCode).toBe(201);
    });

    it('replays a reversal sent again with the same Idempotency-Key', async () => {
      const original = idOf(await entry());
      const first = await reverse(original, undefined, 'estorno-1');
      const again = await reverse(original, undefined, 'estorno-1');
      const emptyObject = await reverse(original, {}, 'estorno-1'); // an absent body counts as {}
      expect(first.statusCode).toBe(201);
      for (const repeat of [again, emptyObject]) {
        expect(repeat.statusCode).toBe(201);
        expect(repeat.headers['idempotency-replayed']).toBe('true');
        expect(repeat.payload).toBe(first.payload);
      }
      expectError(
        await reverse(original, { motivo: 'outro' }, 'estorno-1'),
        409,
        'chave_idempotencia_reutilizada',
      );
    });
  });

  describe('refusals', () => {
    it('409 conflito for a second reversal and for the reversal of a reversal', async () => {
      const original = idOf(await entry());
      const reversal = await reverse(original);
      expect(reversal.statusCode).toBe(201);
      expectError(await reverse(original), 409, 'conflito');
      expectError(await reverse(idOf(reversal)), 409, 'conflito');
    });

    it('409 conflito for a movement of an item deleted through the catalog, appending nothing', async () => {
      const client = await api.tenant(['estoque:escrever', 'insumos:escrever', 'custos:ler']);
      const item = await api.catalogItem(client.token);
      const original = await post(api.app, MOVIMENTOS, client.token, {
        insumo_id: item,
        local_id: client.locais[0]!.id,
        tipo: 'entrada_manual',
        quantidade: 3,
      });
      expect(original.statusCode).toBe(201);
      await api.deleteItem(client.token, item);
      const res = await post(api.app, estorno(idOf(original)), client.token, undefined, { key: null });
      expectError(res, 409, 'conflito');
      expect(res.json().erro.mensagem).toBe('O insumo do movimento foi excluído.');
      expect(await countEvents(api.db, client.empresaId, item, 'MovimentoEstornado.v1')).toBe(0);
    });

    it('404 nao_encontrado for an unknown id, a non-uuid and another company movement', async () => {
      expectError(await reverse(randomUUID()), 404, 'nao_encontrado');
      expectError(await reverse('123'), 404, 'nao_encontrado');
      const stranger = await api.tenant();
      const theirItem = await api.item(stranger.empresaId);
      const theirs = await post(api.app, MOVIMENTOS, stranger.token, {
        insumo_id: theirItem,
        local_id: stranger.locais[0]!.id,
        tipo: 'entrada_manual',
        quantidade: 1,
      });
      expect(theirs.statusCode).toBe(201);
      expectError(await reverse(idOf(theirs)), 404, 'nao_encontrado');
      expect(await countEvents(api.db, stranger.empresaId, theirItem, 'MovimentoEstornado.v1')).toBe(0);
    });

    it('400, 415 and 422 for bodies that are not a valid {motivo}', async () => {
      const original = idOf(await entry());
      expectError(await reverse(original, 'null'), 400, 'corpo_invalido');
      expectError(await reverse(original, '[]'), 400, 'corpo_invalido');
      expectError(await reverse(original, ''), 400, 'corpo_invalido'); // JSON type, empty body
      expectError(
        await post(api.app, estorno(original), token, '{}', { key: null, contentType: 'text/plain' }),
        415,
        'tipo_nao_suportado',
      );
      expectError(await reverse(original, { motivo: 'm'.repeat(501) }), 422, 'validacao', 'motivo');
      expectError(await reverse(original, { motivo: 3 }), 422, 'validacao', 'motivo');
      expectError(await reverse(original, { quantidade: 1 }), 422, 'validacao', 'quantidade');
      expectError(
        await reverse(original, undefined, 'não válida'),
        400,
        'parametro_invalido',
        'Idempotency-Key',
      );
      expect((await reverse(original)).statusCode).toBe(201); // nothing above wrote
    });

    it('403 without estoque:escrever', async () => {
      const reader = await api.tenant(['estoque:ler']);
      expectError(
        await post(api.app, estorno(randomUUID()), reader.token, undefined, { key: null }),
        403,
        'escopo_insuficiente',
      );
    });
  });

  describe('concurrency', () => {
    it('two concurrent reversals of one movement: exactly one 201 and one 409', async () => {
      for (let round = 0; round < 5; round++) {
        const original = idOf(await entry());
        const answers = await Promise.all([reverse(original), reverse(original)]);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      }
      expect(await countEvents(api.db, empresaId, insumoId, 'MovimentoEstornado.v1')).toBeGreaterThanOrEqual(
        5,
      );
    });
  });
});
