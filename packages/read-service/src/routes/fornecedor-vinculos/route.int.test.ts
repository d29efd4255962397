import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  createPurchasesApi,
  expectError,
  getOk,
  type PurchasesApi,
  type PurchasesTenant,
  pastInstants,
  traverse,
} from '../../../test/routes/compras/purchases-api.fixture.js';

const url = (fornecedor: string) => `/v1/fornecedores/${fornecedor}/vinculos`;

describeWith(['postgres'], 'GET /v1/fornecedores/{id}/vinculos', () => {
  let api: PurchasesApi;
  let empresa: PurchasesTenant;
  const { at, shown } = pastInstants(1000);
  const fornecedor = randomUUID();
  const outro = randomUUID();
  const [a, b] = [randomUUID(), randomUUID()];

  beforeAll(async () => {
    api = await createPurchasesApi();
    empresa = await api.tenant(['compras:ler']);
    const w = empresa.writer;
    await w.vinculo(at(1), fornecedor, 'b-2', a, '1');
    await w.vinculo(at(2), fornecedor, 'B-10', a, '3.2');
    await w.vinculo(at(3), fornecedor, 'b-2', b, '50');
    await w.vinculo(at(1), fornecedor, 'ç-1', b, '2');
    await w.vinculo(at(4), fornecedor, 'zz', b, '1');
    await w.removerVinculo(at(5), fornecedor, 'zz');
    await w.vinculo(at(1), outro, 'A', a, '1');
    // Defined now: inside the stabilisation window, not listed yet.
    await w.vinculo(new Date().toISOString(), fornecedor, 'novo', a, '1');
    const alheia = await api.tenant(['compras:ler']);
    await alheia.writer.vinculo(at(1), fornecedor, 'alheio', a, '1');
    api.clock.set(new Date());
    await api.settled();
  });

  it("lists the supplier's current links by code (bytewise), every key, stabilised", async () => {
    const page = await getOk(api.app, url(fornecedor), empresa.token);
    expect(page).toEqual({
      dados: [
        { fornecedor_id: fornecedor, codigo: 'B-10', insumo_id: a, fator: 3.2, atualizado_em: shown(2) },
        { fornecedor_id: fornecedor, codigo: 'b-2', insumo_id: b, fator: 50, atualizado_em: shown(3) },
        { fornecedor_id: fornecedor, codigo: 'ç-1', insumo_id: b, fator: 2, atualizado_em: shown(1) },
      ],
      proximo_cursor: null,
    });
    expect(await traverse(api.app, `${url(fornecedor)}?limite=1`, empresa.token)).toEqual(page.dados);
    expect((await getOk(api.app, url(outro), empresa.token)).dados.map((r) => r.codigo)).toEqual(['A']);
    expect((await getOk(api.app, url(randomUUID()), empresa.token)).dados).toEqual([]);
  });

  it('binds a cursor to its supplier, and refuses bad parameters and a token without compras:ler', async () => {
    const { proximo_cursor } = await getOk(api.app, `${url(fornecedor)}?limite=1`, empresa.token);
    expect(proximo_cursor).not.toBeNull();
    await expectError(
      api.app,
      `${url(outro)}?cursor=${proximo_cursor}`,
      empresa.token,
      400,
      'cursor_invalido',
    );
    await expectError(
      api.app,
      `${url(fornecedor)}?codigo=A`,
      empresa.token,
      400,
      'parametro_invalido',
      'codigo',
    );
    await expectError(
      api.app,
      `${url(fornecedor)}?limite=201`,
      empresa.token,
      400,
      'parametro_invalido',
      'limite',
    );
    await expectError(api.app, url('123'), empresa.token, 404, 'nao_encontrado');
    const notas = await empresa.token2(['notas:ler', 'fornecedores:escrever']);
    await expectError(api.app, url(fornecedor), notas, 403, 'escopo_insuficiente');
  });
});
