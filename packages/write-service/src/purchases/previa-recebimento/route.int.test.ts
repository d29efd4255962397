import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  anItem,
  expectError,
  type PurchasesScene,
  post,
  startPurchasesScene,
} from '../../../test/purchases/purchases-api.fixture.js';

const URL = '/v1/compras/recebimentos/previa';

describeWith(['postgres', 'redis'], 'POST /v1/compras/recebimentos/previa', () => {
  let scene: PurchasesScene;
  beforeAll(async () => {
    scene = await startPurchasesScene();
  });
  const logHead = async () =>
    (await scene.db.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n;

  it('answers what the receipt would record, sem_vinculo items with nulls, writing nothing and needing no key', async () => {
    const { xml, chave } = scene.invoice({ itens: [anItem(), anItem({ cProd: 'NOVO-1' })] });
    const before = await logHead();
    const res = await post(
      scene.app,
      URL,
      scene.token,
      { xml, local_id: scene.localId, vinculos: [{ n_item: 1, insumo_id: scene.caixaId }] },
      { key: null },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: null,
      chave,
      situacao: 'recebida',
      fornecedor_id: scene.supplierId,
      itens: [
        { n_item: 1, situacao_vinculo: 'vinculado', insumo_id: scene.caixaId, fator: 12, movimento_id: null },
        {
          n_item: 2,
          codigo: 'NOVO-1',
          situacao_vinculo: 'sem_vinculo',
          insumo_id: null,
          fator: null,
          quantidade_consumo: null,
          custo_unitario: null,
          custo_unitario_bruto: null,
          creditos: null,
          movimento_id: null,
        },
      ],
    });
    expect(await logHead()).toBe(before);
  });

  it('runs the other checks: 4 and 5 refused; 6 once received', async () => {
    const { xml } = scene.invoice();
    const body = { xml, local_id: scene.localId, vinculos: [{ n_item: 1, insumo_id: scene.caixaId }] };
    const receipt = await post(scene.app, '/v1/compras/recebimentos', scene.token, body);
    expect(receipt.statusCode, receipt.body).toBe(201);
    expectError(await post(scene.app, URL, scene.token, body, { key: null }), 409, 'conflito');
    const { xml: other } = scene.invoice({ destinatarioCnpj: '11222333000181' });
    expectError(
      await post(scene.app, URL, scene.token, { xml: other, local_id: scene.localId }, { key: null }),
      422,
      'validacao',
      'xml',
    );
    // A link learned by the receipt: `aprendido` in the next preview of that code.
    const next = scene.invoice();
    const res = await post(
      scene.app,
      URL,
      scene.token,
      { xml: next.xml, local_id: scene.localId },
      { key: null },
    );
    expect(res.json().itens[0]).toMatchObject({ situacao_vinculo: 'aprendido', insumo_id: scene.caixaId });
  });
});
