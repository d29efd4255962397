import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  createPurchasesApi,
  expectCursorBoundToFilters,
  expectError,
  getOk,
  type NotaData,
  type PurchasesApi,
  type PurchasesTenant,
  pastInstants,
  type Row,
  sortedBy,
  traverse,
} from '../../../test/routes/compras/purchases-api.fixture.js';

const URL = '/v1/notas';

describeWith(['postgres'], 'GET /v1/notas and /v1/notas/{id}', () => {
  let api: PurchasesApi;
  let empresa: PurchasesTenant;
  let outra: PurchasesTenant;
  const { at, shown } = pastInstants(1000);
  const fornecedor = randomUUID();
  const notas = {} as Record<'cancelada' | 'recebida' | 'novamente' | 'recente', NotaData>;

  beforeAll(async () => {
    api = await createPurchasesApi();
    empresa = await api.tenant(['notas:ler', 'custos:ler']);
    outra = await api.tenant(['notas:ler']);
    const w = empresa.writer;
    notas.cancelada = await w.receber(at(1), {
      fornecedor_id: fornecedor,
      ambiente: 'homologacao',
      itens: [
        { codigo: 'MAL-AZ-180', quantidade: '30.0000' },
        { codigo: 'LIN-01', ncm: null, cfop: null },
      ],
    });
    await w.cancelarNota(at(3), notas.cancelada);
    notas.recebida = await w.receber(at(2), { pedido_id: randomUUID(), valor_total: '10.5' });
    notas.novamente = await w.receber(at(4), { chave: notas.cancelada.chave, fornecedor_id: fornecedor });
    // Received now: inside the stabilisation window, so only its by-id route shows it.
    notas.recente = await w.receber(new Date().toISOString(), {});
    await outra.writer.receber(at(1), { fornecedor_id: fornecedor });
    api.clock.set(new Date());
    await api.settled();
  });

  it('lists the invoices with every key, items in nItem order, by (atualizado_em, id), stabilised', async () => {
    const page = await getOk(api.app, URL, empresa.token);
    expect(page.dados.map((r) => r.id)).toEqual(
      [notas.recebida, notas.cancelada, notas.novamente].map((n) => n!.nota_id),
    );
    expect(page.dados).toEqual(sortedBy(page.dados, 'id'));
    const n = notas.cancelada!;
    expect(page.dados[1]).toEqual({
      id: n.nota_id,
      chave: n.chave,
      tipo: 'entrada',
      modelo: 55,
      serie: 1,
      numero: 4521,
      emitida_em: shown(1),
      ambiente: 'homologacao',
      fornecedor_id: fornecedor,
      emitente_cnpj: '11222333000181',
      pedido_id: null,
      local_id: n.local_id,
      situacao: 'cancelada',
      valor_total: 1296.75,
      itens: n.itens.map((item) => ({
        n_item: item.n_item,
        codigo: item.codigo,
        descricao: 'MALHA PV AZUL 180G',
        ncm: item.ncm,
        cfop: item.cfop,
        unidade: 'KG',
        quantidade: 30,
        insumo_id: item.insumo_id,
        fator: 3.2,
        quantidade_consumo: 96,
        custo_unitario: 11.230417,
        custo_unitario_bruto: 13.507813,
        creditos: 218.63,
        movimento_id: item.movimento_id,
      })),
      criado_em: shown(1),
      atualizado_em: shown(3),
    });
    expect((page.dados[1]!.itens as Row[]).map((i) => [i.codigo, i.ncm])).toEqual([
      ['MAL-AZ-180', '60063200'],
      ['LIN-01', null],
    ]);
  });

  it('filters by supplier, key, state and atualizado_desde (inclusive), and pages at every size', async () => {
    const ids = async (query: string) =>
      (await getOk(api.app, `${URL}?${query}`, empresa.token)).dados.map((r) => r.id);
    const { cancelada, recebida, novamente } = notas;
    expect(await ids(`fornecedor_id=${fornecedor}`)).toEqual([cancelada.nota_id, novamente.nota_id]);
    expect(await ids(`chave=${cancelada.chave}`)).toEqual([cancelada.nota_id, novamente.nota_id]);
    expect(await ids(`chave=${cancelada.chave}&situacao=recebida`)).toEqual([novamente.nota_id]);
    expect(await ids('situacao=cancelada')).toEqual([cancelada.nota_id]);
    expect(await ids(`atualizado_desde=${encodeURIComponent(at(3))}`)).toEqual([
      cancelada.nota_id,
      novamente.nota_id,
    ]);
    expect(await ids(`chave=${'1'.repeat(44)}`)).toEqual([]);
    const all = (await getOk(api.app, URL, empresa.token)).dados;
    expect(await traverse(api.app, `${URL}?limite=1`, empresa.token)).toEqual(all);
    expect(all.map((r) => r.id)).toContain(recebida.nota_id);
  });

  it('nulls the monetary fields for a token without custos:ler, and nothing else', async () => {
    const withCosts = (await getOk(api.app, URL, empresa.token)).dados;
    const token = await empresa.token2(['notas:ler']);
    const nulled = (row: Row) => ({
      ...row,
      valor_total: null,
      itens: (row.itens as Row[]).map((i) => ({
        ...i,
        custo_unitario: null,
        custo_unitario_bruto: null,
        creditos: null,
      })),
    });
    expect((await getOk(api.app, URL, token)).dados).toEqual(withCosts.map(nulled));
    const one = await getOk<Row>(api.app, `${URL}/${notas.cancelada!.nota_id}`, token);
    expect(one).toEqual(nulled(withCosts[1]!));
  });

  it('answers one invoice by id, cancelled or recent; 404 for another company, unknown or not a uuid', async () => {
    expect(await getOk<Row>(api.app, `${URL}/${notas.recente!.nota_id}`, empresa.token)).toMatchObject({
      chave: notas.recente!.chave,
      situacao: 'recebida',
    });
    expect(await getOk<Row>(api.app, `${URL}/${notas.cancelada!.nota_id}`, empresa.token)).toMatchObject({
      situacao: 'cancelada',
    });
    const alheia = (await getOk(api.app, URL, outra.token)).dados[0]!.id as string;
    for (const id of [alheia, randomUUID(), '123'])
      await expectError(api.app, `${URL}/${id}`, empresa.token, 404, 'nao_encontrado');
  });

  it('refuses bad parameters, bad cursors and a token without notas:ler', async () => {
    for (const [query, campo] of [
      ['chave=123', 'chave'],
      [`chave=${'a'.repeat(44)}`, 'chave'],
      ['situacao=recebido', 'situacao'],
      ['fornecedor_id=x', 'fornecedor_id'],
      ['tipo=entrada', 'tipo'],
    ])
      await expectError(api.app, `${URL}?${query}`, empresa.token, 400, 'parametro_invalido', campo);
    await expectCursorBoundToFilters(api.app, URL, empresa.token, 'situacao=recebida');
    const compras = await empresa.token2(['compras:escrever']);
    await expectError(api.app, URL, compras, 403, 'escopo_insuficiente');
    await expectError(api.app, `${URL}/${notas.recebida!.nota_id}`, compras, 403, 'escopo_insuficiente');
  });
});
