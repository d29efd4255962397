import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  expectError,
  NOW_TEXT,
  saved,
  sku,
  startCatalogApi,
  tecido,
} from '../../../test/catalog/catalog-api.fixture.js';

describeWith(['postgres', 'redis'], 'PUT /v1/fichas/{produto_id}', () => {
  let api: CatalogApi;
  let token: string;
  let empresaId: string;
  const put = (id: string, linhas: unknown[], as = token) =>
    api.send('PUT', `/v1/fichas/${id}`, as, { linhas });
  const produto = (fields: Record<string, unknown> = {}) =>
    saved(api, 'produtos', token, { sku: sku(), nome: 'Produto', ...fields });

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token, empresaId } = await api.tenant());
  });

  it('creates version 1, active, with every key, converting a purchase-unit quantity', async () => {
    const kit = await produto();
    const insumo = await saved(api, 'insumos', token, tecido());
    const res = await put(kit, [{ tipo: 'insumo', insumo_id: insumo, consumo: 0.02, unidade: 'rolo' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      produto_id: kit,
      versao: 1,
      ativa: true,
      atualizado_em: NOW_TEXT,
      linhas: [
        {
          id: expect.any(String),
          tipo: 'insumo',
          insumo_id: insumo,
          componente_id: null,
          consumo: 1,
          unidade: 'm',
          perda_pct: 0,
        },
      ],
      custo: 2.5,
    });
    expect(res.headers['x-posicao-log']).toMatch(/^\d+$/);
  });

  it('creates the next version on each PUT, the previous one inactive', async () => {
    const kit = await produto();
    const componente = await produto();
    expect((await put(kit, [{ tipo: 'produto', componente_id: componente, consumo: 1 }])).json().versao).toBe(
      1,
    );
    const second = await put(kit, [
      { tipo: 'produto', componente_id: componente, consumo: 2, unidade: 'un' },
    ]);
    expect(second.json()).toMatchObject({
      versao: 2,
      ativa: true,
      linhas: [{ consumo: 2, insumo_id: null }],
    });
    const { rows } = await api.db.pool.query(
      'SELECT versao, consumo::text FROM catalog_bill_lines WHERE produto_id = $1',
      [kit],
    );
    expect(rows).toEqual([{ versao: 2, consumo: '2' }]);
  });

  it('answers custo from the bill tree: averages of moved items, reference costs, components', async () => {
    const base = await produto({ custo_manual: 10 });
    const semi = await produto();
    const moved = await saved(api, 'insumos', token, tecido({ custo_referencia: 1 }));
    const unmoved = await saved(api, 'insumos', token, tecido({ custo_referencia: 2.5 }));
    // What the projector holds for an item that has moved (its average across locations).
    await api.db.pool.query(
      `INSERT INTO estoque_itens (empresa_id, insumo_id, saldo, custo_medio, custo_medio_bruto, atualizado_em)
       VALUES ($1, $2, 10, 4, 4, now())`,
      [empresaId, moved],
    );
    expect((await put(semi, [{ tipo: 'insumo', insumo_id: moved, consumo: 1 }])).statusCode).toBe(200);
    const kit = await produto();
    const res = await put(kit, [
      { tipo: 'insumo', insumo_id: unmoved, consumo: 2, perda_pct: 0.1 },
      { tipo: 'produto', componente_id: base, consumo: 3 },
      { tipo: 'produto', componente_id: semi, consumo: 0.5 },
    ]);
    // 2 x 1.1 x 2.5 + 3 x 10 + 0.5 x (1 x 4)
    expect(res.json().custo).toBe(37.5);
  });

  it('shows custo as null to a token without custos:ler', async () => {
    const tenant = await api.tenant(['produtos:escrever', 'fichas:escrever']);
    const kit = await saved(api, 'produtos', tenant.token, { sku: sku(), nome: 'Kit' });
    const componente = await saved(api, 'produtos', tenant.token, { sku: sku(), nome: 'Parte' });
    const res = await put(kit, [{ tipo: 'produto', componente_id: componente, consumo: 1 }], tenant.token);
    expect(res.json().custo).toBeNull();
  });

  it('refuses a line naming a missing, deleted or foreign record, naming the line field', async () => {
    const kit = await produto();
    const deleted = await produto();
    expect((await api.send('DELETE', `/v1/produtos/${deleted}`, token)).statusCode).toBe(200);
    const outra = await api.tenant();
    const foreign = await saved(api, 'insumos', outra.token, tecido());
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [line, campo] of [
      [{ tipo: 'produto', componente_id: deleted, consumo: 1 }, 'linhas[0].componente_id'],
      [{ tipo: 'insumo', insumo_id: foreign, consumo: 1 }, 'linhas[0].insumo_id'],
      [{ tipo: 'insumo', insumo_id: missing, consumo: 1 }, 'linhas[0].insumo_id'],
      [{ tipo: 'insumo', insumo_id: 'abc', consumo: 1 }, 'linhas[0].insumo_id'],
    ] as const)
      expectError(await put(kit, [line]), 422, 'validacao', campo);
  });

  it('refuses invalid values and shapes with the line path', async () => {
    const kit = await produto();
    const insumo = await saved(api, 'insumos', token, tecido());
    const ok = { tipo: 'insumo', insumo_id: insumo, consumo: 1 };
    const cases: [unknown[], string][] = [
      [[{ ...ok, consumo: 0 }], 'linhas[0].consumo'],
      [[ok, { ...ok, unidade: 'kg' }], 'linhas[1].unidade'],
      [[{ ...ok, perda_pct: 1.5 }], 'linhas[0].perda_pct'],
      [[{ ...ok, tipo: 'servico' }], 'linhas[0].tipo'],
      [[{ ...ok, cor: 'azul' }], 'linhas[0].cor'],
      [[{ tipo: 'insumo', insumo_id: insumo }], 'linhas[0].consumo'],
      [[], 'linhas'],
    ];
    for (const [linhas, campo] of cases) expectError(await put(kit, linhas), 422, 'validacao', campo);
    expectError(
      await api.send('PUT', `/v1/fichas/${kit}`, token, { linhas: [ok], x: 1 }),
      422,
      'validacao',
      'x',
    );
  });

  it('answers 404 for a product unknown, of another company, deleted or named by no uuid', async () => {
    const outra = await api.tenant();
    const alheio = await saved(api, 'produtos', outra.token, { sku: sku(), nome: 'Alheio' });
    const deleted = await produto();
    await api.send('DELETE', `/v1/produtos/${deleted}`, token);
    const insumo = await saved(api, 'insumos', token, tecido());
    const linhas = [{ tipo: 'insumo', insumo_id: insumo, consumo: 1 }];
    for (const id of ['00000000-0000-4000-8000-000000000000', alheio, deleted, 'nao-uuid'])
      expectError(await put(id, linhas), 404, 'nao_encontrado');
  });
});
