import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { type CatalogDb, createCatalogDb } from '../../../test/catalog/catalog-db.fixture.js';
import type { CatalogWriter } from '../../../test/catalog/catalog-writer.fixture.js';

const T0 = Date.parse('2025-03-01T12:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const LOCAL = '00000000-0000-4000-9000-000000000001';

// A three-level catalog with hand-computed costs (a kit of shirts of a semi-finished front),
// then changes that must reach the top product through the projector.
describeWith(['postgres'], 'bill costs through the catalog projection', () => {
  let c: CatalogDb;
  let w: CatalogWriter;
  const ids: Record<string, string> = {};

  const product = async (name: string) => {
    const row = await c.row('catalogo_produtos', w.empresaId, ids[name]!);
    return {
      tem_ficha: row.tem_ficha,
      custo_ficha: row.custo_ficha,
      custo_ficha_bruto: row.custo_ficha_bruto,
      atualizado_em: (row.atualizado_em as Date).toISOString(),
    };
  };
  const billCost = async (name: string) =>
    (
      await c.db.pool.query(
        'SELECT round(custo_exato, 4)::text AS custo FROM catalogo_produtos WHERE empresa_id = $1 AND id = $2',
        [w.empresaId, ids[name]],
      )
    ).rows[0].custo;

  beforeAll(async () => {
    c = await createCatalogDb();
    w = c.company();
    ids.tecido = await w.insumo({ sku: 'TEC' }, at(0));
    ids.linha = await w.insumo({ sku: 'LIN', custo_referencia: '0.0333' }, at(0));
    ids.botao = await w.insumo(
      { sku: 'BOT', unidade_consumo: 'un', unidade_compra: 'cx', fator_conversao: 100 },
      at(0),
    );
    await w.mover(ids.tecido!, LOCAL, 10, { custo_unitario: '12.5', custo_unitario_bruto: 14, em: at(1) });
    await w.mover(ids.botao, LOCAL, 100, { custo_unitario: '0.15', em: at(1) });
    ids.frente = await w.produto({ sku: 'FRENTE', nome: 'Frente' }, at(2));
    ids.camisa = await w.produto({ sku: 'CAMISA', nome: 'Camisa', custo_manual: 99 }, at(2));
    ids.embalagem = await w.produto({ sku: 'EMB', nome: 'Embalagem', custo_manual: '3.255' }, at(2));
    ids.kit = await w.produto({ sku: 'KIT', nome: 'Kit', tipo: 'kit' }, at(2));
    await w.ficha(
      ids.frente,
      [
        { insumo_id: ids.tecido, consumo: '0.8', perda_pct: '0.05' },
        { insumo_id: ids.linha, consumo: 12 },
      ],
      at(3),
    );
    await w.ficha(
      ids.camisa,
      [
        { componente_id: ids.frente, consumo: 2 },
        { insumo_id: ids.botao, consumo: 6, perda_pct: '0.1' },
        { insumo_id: ids.linha, consumo: 5 },
      ],
      at(4),
    );
    await w.ficha(
      ids.kit,
      [
        { componente_id: ids.camisa, consumo: 2 },
        { componente_id: ids.embalagem, consumo: 1 },
      ],
      at(5),
    );
    await c.settled();
  });

  it('rolls the costs up three levels, unrounded between levels, rounded only when shown', async () => {
    // frente = 0.8 × 1.05 × 12.5 + 12 × 0.0333 = 10.8996; bruto 0.84 × 14 + 0.3996 = 12.1596
    expect(await product('frente')).toMatchObject({
      tem_ficha: true,
      custo_ficha: 10.9,
      custo_ficha_bruto: 12.16,
    });
    // camisa = 2 × 10.8996 + 6 × 1.1 × 0.15 + 5 × 0.0333 = 22.9557; bruto 2 × 12.1596 + 1.1565 = 25.4757
    expect(await product('camisa')).toMatchObject({ custo_ficha: 22.96, custo_ficha_bruto: 25.48 });
    // kit = 2 × 22.9557 + 3.255 (custo_manual, no bill) = 49.1664; bruto 2 × 25.4757 + 3.255 = 54.2064
    expect(await product('kit')).toMatchObject({
      custo_ficha: 49.17,
      custo_ficha_bruto: 54.21,
      atualizado_em: at(5),
    });
    expect([await billCost('frente'), await billCost('camisa'), await billCost('kit')]).toEqual([
      '10.8996',
      '22.9557',
      '49.1664',
    ]);
    expect(await product('embalagem')).toMatchObject({
      tem_ficha: false,
      custo_ficha: null,
      custo_ficha_bruto: null,
    });
  });

  it('carries a deep stock movement to the top product and moves its atualizado_em to the movement', async () => {
    // 10 m more at 15.50: average 14, bruto (10 × 14 + 10 × 15.5) / 20 = 14.75
    await w.mover(ids.tecido!, LOCAL, 10, { custo_unitario: '15.5', em: at(10) });
    await c.settled();
    expect(await c.row('catalogo_insumos', w.empresaId, ids.tecido!)).toMatchObject({
      saldo: 20,
      custo_medio: 14,
      custo_medio_bruto: 14.75,
    });
    // frente 0.84 × 14 + 0.3996 = 12.1596; camisa 2 × 12.1596 + 1.1565 = 25.4757; kit 54.2064
    expect(await product('kit')).toMatchObject({
      custo_ficha: 54.21,
      custo_ficha_bruto: 56.73,
      atualizado_em: at(10),
    });
    expect(await product('camisa')).toMatchObject({ custo_ficha: 25.48, atualizado_em: at(10) });
    expect(await billCost('kit')).toBe('54.2064');
  });

  it('leaves atualizado_em alone when an outflow keeps the averages', async () => {
    const before = await product('kit');
    await w.mover(ids.tecido!, LOCAL, -3, { em: at(11) });
    await c.settled();
    expect(await product('kit')).toEqual(before);
    const tecido = await c.row('catalogo_insumos', w.empresaId, ids.tecido!);
    expect(tecido).toMatchObject({ saldo: 17, custo_medio: 14 });
    expect((tecido.atualizado_em as Date).toISOString()).toBe(at(11));
  });

  it('follows a component custo_manual and a deactivated bill', async () => {
    await w.produto({ sku: 'EMB', custo_manual: '4.255' }, at(12));
    await c.settled();
    expect(await billCost('kit')).toBe('55.2064');
    expect(await product('kit')).toMatchObject({ atualizado_em: at(12) });

    // Without its bill the shirt counts at its custo_manual: kit = 2 × 99 + 4.255
    await w.desativarFicha(ids.camisa!, at(13));
    await c.settled();
    expect(await product('camisa')).toMatchObject({
      tem_ficha: false,
      custo_ficha: null,
      atualizado_em: at(13),
    });
    expect(await billCost('kit')).toBe('202.2550');
    const fichas = await c.db.pool.query('SELECT produto_id FROM catalogo_fichas WHERE empresa_id = $1', [
      w.empresaId,
    ]);
    expect(fichas.rows.map((r) => r.produto_id).sort()).toEqual([ids.frente, ids.kit].sort());
  });

  it('rounds half away from zero, and moves atualizado_em only when a shown cost changes', async () => {
    const item = await w.insumo({ sku: 'CENT', custo_referencia: '0.125' }, at(20));
    ids.centavo = await w.produto({ sku: 'CENTAVO', nome: 'Centavo' }, at(20));
    await w.ficha(ids.centavo!, [{ insumo_id: item, consumo: 1 }], at(21));
    await c.settled();
    expect(await product('centavo')).toMatchObject({ custo_ficha: 0.13, atualizado_em: at(21) });
    // 0.125 → 0.1251: the bill's 4-place cost moves, the product's 2-place costs do not.
    await w.insumo({ sku: 'CENT', custo_referencia: '0.1251' }, at(22));
    await c.settled();
    expect(await product('centavo')).toMatchObject({ custo_ficha: 0.13, atualizado_em: at(21) });
    expect(await billCost('centavo')).toBe('0.1251');
    // 0.1251 → 0.1249: now it shows.
    await w.insumo({ sku: 'CENT', custo_referencia: '0.1249' }, at(23));
    await c.settled();
    expect(await product('centavo')).toMatchObject({ custo_ficha: 0.12, atualizado_em: at(23) });
  });
});
