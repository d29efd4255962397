import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  expectError,
  type PurchasesScene,
  post,
  spedNfe,
  startPurchasesScene,
} from '../../../test/purchases/purchases-api.fixture.js';

// Real documents no one here wrote (nfephp-org/sped-nfe's fixtures, see packages/nfe/test/fixtures),
// received as they are by a company whose CNPJ is their recipient's.

const URL = '/v1/compras/recebimentos';
const KEY = '43180906929383000163550010000000261000010301';

describeWith(['postgres', 'redis'], 'receiving real NF-e documents', () => {
  let scene: PurchasesScene;
  beforeAll(async () => {
    scene = await startPurchasesScene({ cnpj: '58716523000119', supplierCnpj: '06929383000163' });
  });
  const body = (xml: string, fields: Record<string, unknown> = {}) => ({
    xml,
    local_id: scene.localId,
    vinculos: [{ n_item: 1, insumo_id: scene.caixaId }],
    ...fields,
  });

  it('receives the authorised 4.00 test-environment document as it is, with aceitar_homologacao', async () => {
    const xml = spedNfe('nfe_layout4_com_prot.xml');
    expectError(await post(scene.app, URL, scene.token, body(xml)), 422, 'validacao', 'aceitar_homologacao');
    const res = await post(scene.app, URL, scene.token, body(xml, { aceitar_homologacao: true }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      chave: KEY,
      ambiente: 'homologacao',
      modelo: 55,
      emitente_cnpj: '06929383000163',
      fornecedor_id: scene.supplierId,
      situacao: 'recebida',
      itens: [
        expect.objectContaining({
          n_item: 1,
          codigo: '11007',
          unidade: 'UN',
          quantidade: 10,
          insumo_id: scene.caixaId,
          // uCom UN is the supply item's consumption unit.
          fator: 1,
          quantidade_consumo: 10,
        }),
      ],
    });
  });

  it('refuses the same document with its chNFe changed (check 2) and the 3.10 one (check 1)', async () => {
    const xml = spedNfe('nfe_layout4_com_prot.xml');
    const changed = xml.replace(`<chNFe>${KEY}</chNFe>`, `<chNFe>${KEY.slice(0, -1)}9</chNFe>`);
    expect(changed).not.toBe(xml);
    expectError(
      await post(scene.app, URL, scene.token, body(changed, { aceitar_homologacao: true })),
      422,
      'validacao',
      'xml',
    );
    const old = await post(
      scene.app,
      URL,
      scene.token,
      body(spedNfe('2017protocoled.xml'), { aceitar_homologacao: true }),
    );
    expectError(old, 422, 'validacao', 'xml');
    expect(old.json().erro.mensagem).toMatch(/4\.00/);
    expectError(
      await post(scene.app, URL, scene.token, body(spedNfe('nfe_4.0.xml'), { aceitar_homologacao: true })),
      422,
      'validacao',
      'xml',
    );
  });
});
