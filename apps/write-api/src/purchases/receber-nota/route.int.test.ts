import { describeWith } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anItem,
  countEvents,
  expectError,
  type PurchasesScene,
  post,
  startPurchasesScene,
} from '../../../test/purchases/purchases-api.fixture.js';

const URL = '/v1/compras/recebimentos';

describeWith(['postgres', 'redis'], 'POST /v1/compras/recebimentos', () => {
  let scene: PurchasesScene;
  beforeAll(async () => {
    scene = await startPurchasesScene();
  });

  describe('success', () => {
    it('records the Nota, one entrada_nfe movement per item and learns the link, in one write', async () => {
      const { xml, chave } = scene.invoice({
        itens: [anItem(), anItem({ cProd: 'R-1', uCom: 'KG', qCom: '2.5000', vUnCom: '40' })],
      });
      const res = await post(scene.app, URL, scene.token, {
        xml,
        local_id: scene.localId,
        vinculos: [
          { n_item: 1, insumo_id: scene.caixaId },
          { n_item: 2, insumo_id: scene.quiloId },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const nota = res.json();
      expect(nota).toMatchObject({
        chave,
        tipo: 'entrada',
        situacao: 'recebida',
        fornecedor_id: scene.supplierId,
        emitente_cnpj: scene.supplierCnpj,
        local_id: scene.localId,
        pedido_id: null,
        valor_total: 225,
        ambiente: 'producao',
      });
      expect(nota.itens).toEqual([
        expect.objectContaining({
          n_item: 1,
          codigo: 'P-100',
          unidade: 'CX',
          quantidade: 10,
          insumo_id: scene.caixaId,
          fator: 12,
          quantidade_consumo: 120,
          custo_unitario: 1.041667,
          custo_unitario_bruto: 1.041667,
          creditos: 0,
        }),
        expect.objectContaining({
          n_item: 2,
          insumo_id: scene.quiloId,
          fator: 1000,
          quantidade_consumo: 2500,
          custo_unitario: 0.04,
        }),
      ]);
      const { rows } = await scene.db.pool.query(
        'SELECT position, type, stream_id, data FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY position',
        [[nota.id, ...nota.itens.map((i: { movimento_id: string }) => i.movimento_id)]],
      );
      expect(rows.map((r) => r.type).sort()).toEqual([
        'MovimentoRegistrado.v1',
        'MovimentoRegistrado.v1',
        'NotaRecebida.v1',
      ]);
      const movement = rows.find((r) => r.data.movimento_id === nota.itens[0].movimento_id);
      expect(movement.data).toMatchObject({
        tipo: 'entrada_nfe',
        origem: 'nfe',
        referencia: chave,
        quantidade: '120',
        custo_unitario: '1.041667',
        custo_unitario_bruto: '1.041667',
      });
      expect(res.headers['x-posicao-log']).toBe(String(Math.max(...rows.map((r) => Number(r.position)))));
      expect(await countEvents(scene.db, scene.empresaId, 'VinculoFornecedorDefinido.v1')).toBe(2);
    });
  });

  describe('refusals', () => {
    it('refuses an invoice already received: 409 conflito', async () => {
      const { xml } = scene.invoice();
      const body = { xml, local_id: scene.localId, vinculos: [{ n_item: 1, insumo_id: scene.caixaId }] };
      expect((await post(scene.app, URL, scene.token, body)).statusCode).toBe(201);
      expectError(await post(scene.app, URL, scene.token, body), 409, 'conflito');
    });
  });
});
