import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  anItem,
  type PurchasesScene,
  post,
  startPurchasesScene,
} from '../../../test/purchases/purchases-api.fixture.js';

// The entry cost follows the company's tax profile (@factory/tenants' record of the token's
// company): a `real` IPI taxpayer recovers ICMS, IPI and PIS/COFINS; a `simples` company none.

describeWith(['postgres', 'redis'], 'a receipt’s entry cost by the company’s tax profile', () => {
  let real: PurchasesScene;
  let simples: PurchasesScene;
  beforeAll(async () => {
    real = await startPurchasesScene({ regimeTributario: 'real', contribuinteIpi: true });
    simples = await startPurchasesScene();
  });
  const receive = (scene: PurchasesScene) => {
    // 10 boxes of 12 at 10.00: vProd 100, ICMS 10, IPI 5.
    const { xml } = scene.invoice({
      itens: [anItem({ qCom: '10.0000', vUnCom: '10', icms: { vICMS: '10.00' }, vIPI: '5.00' })],
    });
    return post(scene.app, '/v1/compras/recebimentos', scene.token, {
      xml,
      local_id: scene.localId,
      vinculos: [{ n_item: 1, insumo_id: scene.caixaId }],
    });
  };

  it('credits ICMS, IPI and 9.25 % of the value without ICMS for a real IPI taxpayer', async () => {
    const res = await receive(real);
    expect(res.statusCode, res.body).toBe(201);
    // bruto 105; credits 10 + 5 + 0.0925 × 90 = 23.325; liquido 81.675; 120 un.
    expect(res.json().itens[0]).toMatchObject({
      quantidade_consumo: 120,
      creditos: 23.325,
      custo_unitario: 0.680625,
      custo_unitario_bruto: 0.875,
    });
    const { rows } = await real.db.pool.query(
      `SELECT data FROM events WHERE type = 'MovimentoRegistrado.v1' AND data->>'movimento_id' = $1`,
      [res.json().itens[0].movimento_id],
    );
    expect(rows[0].data).toMatchObject({ custo_unitario: '0.680625', custo_unitario_bruto: '0.875' });
  });

  it('credits nothing for a simples company: both unit costs carry every tax', async () => {
    const res = await receive(simples);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().itens[0]).toMatchObject({
      creditos: 0,
      custo_unitario: 0.875,
      custo_unitario_bruto: 0.875,
    });
  });
});
