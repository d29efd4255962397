import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  lote,
  saved,
  sku,
  startCatalogApi,
} from '../../../test/catalog/catalog-api.fixture.js';

describeWith(['postgres', 'redis'], 'POST /v1/produtos/lote: items refused one by one', () => {
  let api: CatalogApi;
  let token: string;

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token } = await api.tenant());
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['SKU pattern', { sku: 'CAM 01' }, 'sku: '],
    ['SKU too long', { sku: 'A'.repeat(41) }, 'sku: '],
    ['GTIN check digit', { ean: '7891000315508' }, 'ean: '],
    ['GTIN length', { ean: '789100031550' }, 'ean: '],
    ['NCM', { ncm: '6109.10.00' }, 'ncm: '],
    ['percentage above 1', { ipi_pct: 1.5 }, 'ipi_pct: '],
    ['negative percentage', { icms_pct: -0.01 }, 'icms_pct: '],
    ['negative weight', { peso_kg: -1 }, 'peso_kg: '],
    ['unknown status', { status: 'pausado' }, 'status: '],
    ['unknown field', { cor: 'azul' }, 'cor: campo desconhecido'],
    ['attributes not flat', { atributos: { cor: { nome: 'azul' } } }, 'atributos: '],
    ['nome missing on creation', { nome: undefined }, 'nome: '],
    // issue 13 item 5: the size rule is named, not the sign rule
    ['weight beyond 10^12', { peso_kg: 1e308 }, 'peso_kg: deve ter valor absoluto de no máximo 10^12'],
  ];

  it.each(refusals)(
    'refuses an item for its %s, naming the field, and writes the others',
    async (_, fields, erro) => {
      const good = sku();
      const bad = { sku: sku(), nome: 'Camiseta', ...fields };
      const [refused, accepted] = await lote(api, 'produtos', token, [bad, { sku: good, nome: 'Boa' }]);
      expect(refused).toMatchObject({ indice: 0, ok: false, id: null });
      expect(refused!.erro).toContain(erro);
      expect(accepted).toMatchObject({ indice: 1, sku: good, ok: true });
    },
  );

  it('issue 13 item 6: refuses atributos beyond 50 keys, keys beyond 60 characters and texts beyond 200', async () => {
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    const items = [
      { sku: sku(), nome: 'A', atributos: keys(2_000) },
      { sku: sku(), nome: 'B', atributos: { ['k'.repeat(61)]: 'x' } },
      { sku: sku(), nome: 'C', atributos: { cor: 'a'.repeat(201) } },
      { sku: sku(), nome: 'D', atributos: { ...keys(49), ['k'.repeat(60)]: 'a'.repeat(200) } },
    ];
    const results = await lote(api, 'produtos', token, items);
    expect(results.map((r) => [r.ok, r.erro])).toEqual([
      [false, 'atributos: deve ter no máximo 50 chaves'],
      [false, 'atributos: as chaves de atributos devem ter de 1 a 60 caracteres'],
      [false, 'atributos.cor: deve ter no máximo 200 caracteres'],
      [true, null],
    ]);
  });

  it('words the refusal with the field first', async () => {
    const [result] = await lote(api, 'produtos', token, [{ sku: sku(), nome: 'X', ean: '7891000315508' }]);
    expect(result!.erro).toBe('ean: deve ser um GTIN-8, 12, 13 ou 14 com dígito verificador válido');
  });

  it('refuses an item that is not an object', async () => {
    const [result] = await lote(api, 'produtos', token, [42]);
    expect(result).toEqual({ indice: 0, sku: null, ok: false, id: null, erro: 'o item deve ser um objeto' });
  });

  it('refuses the second item with the same SKU', async () => {
    const a = sku();
    const results = await lote(api, 'produtos', token, [
      { sku: a, nome: 'Primeiro' },
      { sku: a, nome: 'Segundo' },
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    expect(results[1]!.erro).toBe('sku: repetido no lote (item 0)');
  });

  it('refuses custo_manual, even null, without custos:ler; keeps other fields', async () => {
    const { token: semCustos } = await api.tenant(['produtos:escrever']);
    const a = sku();
    const results = await lote(api, 'produtos', semCustos, [
      { sku: a, nome: 'Sem custo', custo_manual: 10 },
      { sku: sku(), nome: 'Com nulo', custo_manual: null },
      { sku: sku(), nome: 'Sem custo' },
    ]);
    expect(results.map((r) => r.erro)).toEqual([
      'custo_manual: exige o escopo custos:ler',
      'custo_manual: exige o escopo custos:ler',
      null,
    ]);
    const [withScope] = await lote(api, 'produtos', token, [{ sku: sku(), nome: 'Custo', custo_manual: 10 }]);
    expect(withScope!.ok).toBe(true);
  });

  it('refuses an alias another product of the company owns; the owner keeps it', async () => {
    const alias = `ML-${sku()}`;
    const owner = await saved(api, 'produtos', token, { sku: sku(), nome: 'Dono', apelidos: [alias] });
    const [taken] = await lote(api, 'produtos', token, [
      { sku: sku(), nome: 'Outro', apelidos: ['X', alias] },
    ]);
    expect(taken).toMatchObject({
      ok: false,
      erro: `apelidos: o apelido ${alias} já pertence a outro produto`,
    });
    const ownerSku = (
      await api.db.pool.query('SELECT sku FROM catalog_products WHERE produto_id = $1', [owner])
    ).rows[0].sku;
    const [kept] = await lote(api, 'produtos', token, [{ sku: ownerSku, apelidos: [alias, 'NOVO'] }]);
    expect(kept).toMatchObject({ ok: true, id: owner });
    // Another company may use the same alias.
    const other = await api.tenant();
    expect(
      (await lote(api, 'produtos', other.token, [{ sku: sku(), nome: 'Alheio', apelidos: [alias] }]))[0]!.ok,
    ).toBe(true);
  });

  it('frees an alias once its product drops it, in the same batch order', async () => {
    const alias = `AMZ-${sku()}`;
    const a = sku();
    await saved(api, 'produtos', token, { sku: a, nome: 'A', apelidos: [alias] });
    const results = await lote(api, 'produtos', token, [
      { sku: a, apelidos: [] },
      { sku: sku(), nome: 'B', apelidos: [alias] },
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
  });

  it('applies variation rules: join a group with its axes, refuse other axes or an unknown head', async () => {
    const base = sku('BASE');
    const results = await lote(api, 'produtos', token, [
      { sku: base, nome: 'Camiseta', variacao: { base_sku: base, eixos: ['cor', 'tamanho'] } },
      { sku: sku(), nome: 'Azul P', variacao: { base_sku: base, eixos: ['tamanho', 'cor'] } },
      { sku: sku(), nome: 'Azul', variacao: { base_sku: base, eixos: ['cor'] } },
      { sku: sku(), nome: 'Sem grupo', variacao: { base_sku: 'NAO-EXISTE', eixos: ['cor'] } },
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true, false, false]);
    expect(results[2]!.erro).toBe('variacao.eixos: os eixos do grupo são: cor, tamanho');
    expect(results[3]!.erro).toBe('variacao.base_sku: nenhum produto com o sku NAO-EXISTE');
    const [leaving] = await lote(api, 'produtos', token, [{ sku: base, variacao: null }]);
    expect(leaving!.erro).toMatch(/^variacao: o produto encabeça um grupo com 1 variações/);
  });

  it('runs items that touch each other in body order: a member leaves, then its head may', async () => {
    const head = sku('BASE');
    const member = sku();
    await lote(api, 'produtos', token, [
      { sku: head, nome: 'Base', variacao: { base_sku: head, eixos: ['cor'] } },
      { sku: member, nome: 'Membro', variacao: { base_sku: head, eixos: ['cor'] } },
    ]);
    const filler = Array.from({ length: 6 }, () => ({ sku: sku(), nome: 'Independente' }));
    const results = await lote(api, 'produtos', token, [
      ...filler,
      { sku: member, variacao: null },
      { sku: head, variacao: null },
    ]);
    expect(results.map((r) => r.ok)).toEqual(Array(8).fill(true));
    expect(results.map((r) => r.indice)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
