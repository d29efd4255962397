import { describeWith } from '@factory/testing';
import { createStockWriteModel } from '@factory/write-model';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  countEvents,
  lote,
  saved,
  startCatalogApi,
  tecido,
} from '../../../test/catalog/catalog-api.fixture.js';

describeWith(['postgres', 'redis'], 'POST /v1/insumos/lote', () => {
  let api: CatalogApi;
  let token: string;
  let empresaId: string;
  let localId: string;

  beforeAll(async () => {
    api = await startCatalogApi();
    const tenant = await api.tenant();
    ({ token, empresaId } = tenant);
    localId = tenant.locais[0]!.id;
  });

  it('creates a supply item with its stock definition, then updates it by SKU', async () => {
    const item = tecido();
    const id = await saved(api, 'insumos', token, item);
    const { rows } = await api.db.pool.query(
      'SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_revision',
      [`estoque-${empresaId}-${id}`],
    );
    expect(rows.map((r) => r.type)).toEqual(['InsumoCadastrado.v1', 'InsumoDefinido.v1']);
    expect(await saved(api, 'insumos', token, { sku: item.sku, minimo: 10 })).toBe(id);
    expect(await saved(api, 'insumos', token, { sku: item.sku, minimo: null })).toBe(id);
    const { rows: changes } = await api.db.pool.query(
      `SELECT data->'alteracoes' AS a FROM events WHERE stream_id = $1 AND type = 'InsumoAlterado.v1'
        ORDER BY stream_revision`,
      [`estoque-${empresaId}-${id}`],
    );
    expect(changes.map((r) => r.a)).toEqual([{ minimo: '10' }, { minimo: null }]);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['SKU pattern', { sku: 'TEC_01' }, 'sku: '],
    ['NCM', { ncm: '1234567' }, 'ncm: '],
    ['a unit outside the company list', { unidade_compra: 'barril' }, 'unidade_compra: '],
    ['a factor of zero', { fator_conversao: 0 }, 'fator_conversao: '],
    [
      'a factor other than 1 for equal units',
      { unidade_compra: 'm', fator_conversao: 2 },
      'fator_conversao: ',
    ],
    ['a fractional lead time', { lead_time_dias: 1.5 }, 'lead_time_dias: '],
    ['a negative minimum', { minimo: -1 }, 'minimo: '],
    ['a missing unit on creation', { unidade_consumo: undefined }, 'unidade_consumo: '],
    [
      'an unknown default supplier',
      { fornecedor_padrao_id: '00000000-0000-4000-8000-000000000000' },
      'fornecedor_padrao_id: ',
    ],
    ['a default supplier id that is no uuid', { fornecedor_padrao_id: 'abc' }, 'fornecedor_padrao_id: '],
  ];

  it.each(refusals)('refuses an item for %s', async (_, fields, erro) => {
    const [refused, accepted] = await lote(api, 'insumos', token, [tecido(fields), tecido()]);
    expect(refused).toMatchObject({ ok: false, id: null });
    expect(refused!.erro).toContain(erro);
    expect(accepted!.ok).toBe(true);
  });

  it('accepts a default supplier of the company, not one of another company or deleted', async () => {
    const fornecedor = await saved(api, 'fornecedores', token, { nome: 'Tecelagem' });
    expect((await lote(api, 'insumos', token, [tecido({ fornecedor_padrao_id: fornecedor })]))[0]!.ok).toBe(
      true,
    );
    const other = await api.tenant();
    const [alheio] = await lote(api, 'insumos', other.token, [tecido({ fornecedor_padrao_id: fornecedor })]);
    expect(alheio!.erro).toBe('fornecedor_padrao_id: fornecedor não encontrado');
    expect((await api.send('DELETE', `/v1/fornecedores/${fornecedor}`, token)).statusCode).toBe(200);
    const [excluido] = await lote(api, 'insumos', token, [tecido({ fornecedor_padrao_id: fornecedor })]);
    expect(excluido!.ok).toBe(false);
  });

  it('refuses custo_referencia without custos:ler', async () => {
    const { token: semCustos } = await api.tenant(['insumos:escrever']);
    const [refused, accepted] = await lote(api, 'insumos', semCustos, [
      tecido(),
      tecido({ custo_referencia: undefined }),
    ]);
    expect(refused!.erro).toBe('custo_referencia: exige o escopo custos:ler');
    expect(accepted!.ok).toBe(true);
  });

  it('freezes units and factor once the item has movements', async () => {
    const item = tecido();
    const id = await saved(api, 'insumos', token, item);
    const stock = createStockWriteModel({ pool: api.db.pool });
    const context = { empresaId, tokenId: null, requestId: null, idempotencyKey: null, now: api.clock.now() };
    const moved = await stock.registrarMovimento(context, {
      insumo_id: id,
      local_id: localId,
      tipo: 'entrada_manual',
      quantidade: 10,
      custo_unitario: 3,
    });
    expect(moved.ok).toBe(true);
    const results = await lote(api, 'insumos', token, [{ sku: item.sku, unidade_consumo: 'cm' }]);
    expect(results[0]!.erro).toBe('unidade_consumo: não pode mudar: o insumo já tem movimentos');
    const [factor] = await lote(api, 'insumos', token, [{ sku: item.sku, fator_conversao: 25 }]);
    expect(factor!.erro).toBe('fator_conversao: não pode mudar: o insumo já tem movimentos');
    const [name] = await lote(api, 'insumos', token, [
      { sku: item.sku, nome: 'Tecido azul', fator_conversao: 50 },
    ]);
    expect(name).toMatchObject({ ok: true, id });
  });

  it('refuses the second item with the same SKU and appends nothing for an unchanged one', async () => {
    const item = tecido();
    const id = await saved(api, 'insumos', token, item);
    const res = await api.send('POST', '/v1/insumos/lote', token, {
      itens: [item, { ...item, nome: 'Outro' }],
    });
    expect(res.json().resultados.map((r: { erro: string | null }) => r.erro)).toEqual([
      null,
      'sku: repetido no lote (item 0)',
    ]);
    expect(res.headers['x-posicao-log']).toBeUndefined();
    expect(await countEvents(api.db, `estoque-${empresaId}-${id}`)).toBe(2);
  });
});
