import { describe, expect, it } from 'vitest';
import { refused } from '../../../test/catalog/product/product.fixture.js';
import {
  AGORA,
  cadastrado,
  DEPOIS,
  fold,
  given,
  INSUMO,
  salvar,
  withStock,
} from '../../../test/catalog/supply-item/supply-item.fixture.js';
import { estornar, insumoDefinido, registrar } from '../../../test/stock/stock.fixture.js';
import { DEFAULT_UNITS } from '../../company/units.js';
import { decideStock } from '../../stock/decide.js';

const novo = { nome: 'Tecido', unidade_compra: 'rolo', unidade_consumo: 'm', fator_conversao: 50 };

describe('saving a supply item', () => {
  it('creates it with every key and defines it for the stock', () => {
    expect(given().when(salvar({ ...novo, custo_referencia: '1.20' }))).toEqual({
      ok: true,
      events: [
        {
          type: 'InsumoCadastrado.v1',
          data: {
            insumo_id: INSUMO,
            sku: 'TEC-01',
            nome: 'Tecido',
            familia: null,
            ativo: true,
            unidade_compra: 'rolo',
            unidade_consumo: 'm',
            fator_conversao: '50',
            ncm: null,
            minimo: null,
            lead_time_dias: null,
            fornecedor_padrao_id: null,
            custo_referencia: '1.2',
            cadastrado_em: DEPOIS,
          },
        },
        insumoDefinido({ custo_referencia: '1.2', definido_em: DEPOIS }),
      ],
    });
  });

  it.each(['nome', 'unidade_compra', 'unidade_consumo', 'fator_conversao'])(
    'requires %s on creation',
    (campo) => {
      expect(given().when(salvar({ ...novo, [campo]: undefined }))).toEqual(refused('validation', campo));
    },
  );

  const invalid: [string, unknown][] = [
    ['sku', 'TEC_01'],
    ['nome', ''],
    ['familia', ''],
    ['ativo', 'sim'],
    ['unidade_compra', 'bobina'],
    ['unidade_consumo', 'M'],
    ['fator_conversao', 0],
    ['fator_conversao', -50],
    ['ncm', '5208'],
    ['minimo', -1],
    ['lead_time_dias', 2.5],
    ['lead_time_dias', -1],
    ['fornecedor_padrao_id', ''],
    ['custo_referencia', -0.5],
  ];
  it.each(invalid)('refuses an invalid %s (%j) naming the field', (campo, value) => {
    expect(given(cadastrado()).when(salvar({ [campo]: value }))).toEqual(refused('validation', campo));
  });

  it('accepts a unit the operators added to the company list', () => {
    const units = [...DEFAULT_UNITS, 'bobina'];
    expect(given().when(salvar({ ...novo, unidade_compra: 'bobina' }, { units }))).toMatchObject({
      ok: true,
    });
  });

  it('refuses a factor other than 1 between two equal units', () => {
    const same = { ...novo, unidade_compra: 'm' };
    expect(given().when(salvar(same))).toEqual(refused('validation', 'fator_conversao'));
    expect(given().when(salvar({ ...same, fator_conversao: '1.0' }))).toMatchObject({ ok: true });
  });

  it('refuses custo_referencia, even null, to a token without custos:ler', () => {
    for (const custo_referencia of [1, null]) {
      expect(given(cadastrado()).when(salvar({ custo_referencia }, { canReadCosts: false }))).toEqual(
        refused('validation', 'custo_referencia'),
      );
    }
  });

  it('refuses a default supplier the caller did not find', () => {
    const item = { fornecedor_padrao_id: 'fornecedor-9' };
    expect(given(cadastrado()).when(salvar(item))).toEqual(refused('validation', 'fornecedor_padrao_id'));
    expect(given(cadastrado()).when(salvar(item, { defaultSupplierExists: true }))).toMatchObject({
      ok: true,
    });
    expect(
      given(cadastrado({ fornecedor_padrao_id: 'f' })).when(salvar({ fornecedor_padrao_id: null })),
    ).toMatchObject({
      events: [{ data: { alteracoes: { fornecedor_padrao_id: null } } }],
    });
  });

  it('records only the changed fields, and no stock definition when the stock reads none of them', () => {
    expect(
      given(cadastrado()).when(salvar({ nome: 'Tecido azul', minimo: 10, fator_conversao: '50.0' })),
    ).toEqual({
      ok: true,
      events: [
        {
          type: 'InsumoAlterado.v1',
          data: {
            insumo_id: INSUMO,
            sku: 'TEC-01',
            alteracoes: { nome: 'Tecido azul', minimo: '10' },
            alterado_em: DEPOIS,
          },
        },
      ],
    });
  });

  it('defines the item again for the stock when its reference cost changes', () => {
    expect(given(cadastrado()).when(salvar({ custo_referencia: 2 }))).toMatchObject({
      events: [
        { type: 'InsumoAlterado.v1', data: { alteracoes: { custo_referencia: '2' } } },
        {
          type: 'InsumoDefinido.v1',
          data: { unidade_compra: 'rolo', fator_conversao: '50', custo_referencia: '2' },
        },
      ],
    });
  });

  it('appends nothing when no field changes', () => {
    expect(given(cadastrado()).when(salvar({ ...novo, ativo: true, familia: null }))).toEqual({
      ok: true,
      events: [],
    });
  });

  it('keeps its SKU and refuses saving into a deleted item', () => {
    expect(given(cadastrado()).when(salvar({ sku: 'TEC-02' }))).toEqual(refused('validation', 'sku'));
    const deleted = {
      type: 'InsumoExcluido.v1' as const,
      data: { insumo_id: INSUMO, sku: 'TEC-01', excluido_em: AGORA },
    };
    expect(given(cadastrado(), deleted).when(salvar({ nome: 'X' }))).toEqual(refused('conflict'));
  });
});

describe('units and factor once the item has movements', () => {
  const defined = [cadastrado(), insumoDefinido()];

  it.each([
    ['unidade_compra', 'cx'],
    ['unidade_consumo', 'cm'],
    ['fator_conversao', 25],
  ])('refuses a new %s', (campo, value) => {
    const events = withStock(defined, registrar('m1', { quantidade: 10, custo_unitario: 2 }));
    expect(given(...events).when(salvar({ [campo]: value }))).toEqual(refused('validation', campo));
  });

  it('still refuses after the only movement was reversed', () => {
    const events = withStock(defined, registrar('m1', { quantidade: 10 }), estornar('e1', 'm1'));
    expect(given(...events).when(salvar({ fator_conversao: 25 }))).toEqual(
      refused('validation', 'fator_conversao'),
    );
  });

  it('accepts the same units and factor, and other fields', () => {
    const events = withStock(defined, registrar('m1', { quantidade: 10 }));
    expect(given(...events).when(salvar({ ...novo, fator_conversao: '50.00' }))).toEqual({
      ok: true,
      events: [],
    });
    expect(given(...events).when(salvar({ nome: 'Tecido cru' }))).toMatchObject({ ok: true });
  });

  it('changes them freely before any movement, and the stock then converts with the new factor', () => {
    const decision = given(...defined).when(salvar({ fator_conversao: 25 }));
    expect(decision).toMatchObject({
      ok: true,
      events: [{}, { type: 'InsumoDefinido.v1', data: { fator_conversao: '25' } }],
    });
    const state = fold([...defined, ...(decision.ok ? decision.events : [])]);
    expect(decideStock(registrar('m1', { quantidade: 2, unidade: 'rolo' }), state.stock)).toMatchObject({
      events: [{ data: { quantidade: '50', unidade: 'm' } }],
    });
  });
});
