import { describe, expect, it } from 'vitest';
import {
  cadastrado,
  DEPOIS,
  definirFicha,
  given,
  linha,
  PRODUTO,
  refused,
} from '../../../test/catalog/product/product.fixture.js';
import type { FichaDefinida, FichaDesativada } from './events.js';

const definida = (versao: number): FichaDefinida => ({
  type: 'FichaDefinida.v1',
  data: { produto_id: PRODUTO, versao, linhas: [], definida_em: DEPOIS },
});
const desativada = (versao: number): FichaDesativada => ({
  type: 'FichaDesativada.v1',
  data: { produto_id: PRODUTO, versao, desativada_em: DEPOIS },
});

/** A component product line. */
const componente = (componente_id: string, fields = {}) =>
  linha({
    id: `linha-${componente_id}`,
    tipo: 'produto',
    insumo_id: undefined,
    componente_id,
    consumo: 2,
    ...fields,
  });

describe('defining a bill of materials', () => {
  it('creates version 1 with every line key present, perda_pct 0 by default', () => {
    expect(given(cadastrado()).when(definirFicha([linha()]))).toEqual({
      ok: true,
      events: [
        {
          type: 'FichaDefinida.v1',
          data: {
            produto_id: PRODUTO,
            versao: 1,
            linhas: [
              {
                id: 'linha-1',
                tipo: 'insumo',
                insumo_id: 'tecido',
                componente_id: null,
                consumo: '1.2',
                unidade: 'm',
                perda_pct: '0',
              },
            ],
            definida_em: DEPOIS,
          },
        },
      ],
    });
  });

  it('creates the next version, also after a deactivation', () => {
    expect(given(cadastrado(), definida(1), definida(2)).when(definirFicha([linha()]))).toMatchObject({
      events: [{ data: { versao: 3 } }],
    });
    expect(given(cadastrado(), definida(1), desativada(1)).when(definirFicha([linha()]))).toMatchObject({
      events: [{ data: { versao: 2 } }],
    });
  });

  it('converts a quantity in the purchase unit to the consumption unit (times the factor)', () => {
    const lines = [
      linha({ unidade: 'rolo', consumo: 0.024, perda_pct: 0.05 }),
      linha({ id: 'l2', unidade: 'm' }),
    ];
    expect(given(cadastrado()).when(definirFicha(lines))).toMatchObject({
      events: [
        {
          data: {
            linhas: [
              { consumo: '1.2', unidade: 'm', perda_pct: '0.05' },
              { consumo: '1.2', unidade: 'm' },
            ],
          },
        },
      ],
    });
  });

  it('counts component products in un', () => {
    const context = { products: new Set(['gola']) };
    for (const unidade of [undefined, 'un']) {
      expect(
        given(cadastrado()).when(definirFicha([componente('gola', { unidade })], context)),
      ).toMatchObject({
        events: [
          {
            data: {
              linhas: [
                { tipo: 'produto', insumo_id: null, componente_id: 'gola', consumo: '2', unidade: 'un' },
              ],
            },
          },
        ],
      });
    }
  });

  const invalid: [string, unknown[]][] = [
    ['linhas', []],
    ['linhas[0]', [null]],
    ['linhas[0].tipo', [linha({ tipo: 'servico' })]],
    ['linhas[0].insumo_id', [linha({ insumo_id: 'desconhecido' })]],
    ['linhas[0].insumo_id', [linha({ insumo_id: undefined })]],
    ['linhas[0].componente_id', [linha({ componente_id: 'gola' })]],
    ['linhas[0].insumo_id', [componente('gola', { insumo_id: 'tecido' })]],
    ['linhas[0].componente_id', [componente('desconhecido')]],
    ['linhas[0].consumo', [linha({ consumo: 0 })]],
    ['linhas[0].consumo', [linha({ consumo: -1 })]],
    ['linhas[0].consumo', [linha({ consumo: 'muito' })]],
    ['linhas[0].unidade', [linha({ unidade: 'kg' })]],
    ['linhas[0].unidade', [componente('gola', { unidade: 'pc' })]],
    ['linhas[0].perda_pct', [linha({ perda_pct: 1.2 })]],
    ['linhas[0].perda_pct', [linha({ perda_pct: -0.1 })]],
    ['linhas[1].consumo', [linha(), linha({ id: 'l2', consumo: 0 })]],
  ];
  it.each(invalid)('refuses naming %s', (campo, lines) => {
    const context = { products: new Set(['gola']) };
    expect(given(cadastrado()).when(definirFicha(lines as never, context))).toEqual(
      refused('validation', campo),
    );
  });

  it('answers not found for a product never created or deleted', () => {
    expect(given().when(definirFicha([linha()]))).toEqual(refused('not_found', 'produto_id'));
    const deleted = {
      type: 'ProdutoExcluido.v1' as const,
      data: { produto_id: PRODUTO, sku: 'CAM-01', excluido_em: DEPOIS },
    };
    expect(given(cadastrado(), deleted).when(definirFicha([linha()]))).toEqual(
      refused('not_found', 'produto_id'),
    );
  });
});

describe('cycles in bills', () => {
  const products = new Set([PRODUTO, 'a', 'b', 'c', 'd']);

  it('refuses a product consuming itself directly', () => {
    const lines = [linha(), componente(PRODUTO)];
    expect(given(cadastrado()).when(definirFicha(lines, { products }))).toEqual({
      ok: false,
      error: {
        kind: 'validation',
        campo: 'linhas[1].componente_id',
        mensagem: 'a linha faria o produto consumir a si mesmo',
      },
    });
  });

  it('refuses a product consuming itself through components at depth 3 and 4', () => {
    // a → b → c → produto-1: produto-1 consuming a closes a cycle of length 4.
    const bills = new Map([
      ['a', ['tecido', 'b']],
      ['b', ['c']],
      ['c', [PRODUTO]],
      [PRODUTO, ['tecido']],
    ]);
    for (const start of ['c', 'b', 'a']) {
      expect(given(cadastrado()).when(definirFicha([componente(start)], { products, bills }))).toEqual(
        refused('validation', 'linhas[0].componente_id'),
      );
    }
  });

  it('accepts shared components (a diamond is not a cycle)', () => {
    const bills = new Map([
      ['a', ['c']],
      ['b', ['c']],
      ['c', ['d']],
    ]);
    const lines = [componente('a'), componente('b'), componente('d')];
    expect(given(cadastrado()).when(definirFicha(lines, { products, bills }))).toMatchObject({ ok: true });
  });
});
