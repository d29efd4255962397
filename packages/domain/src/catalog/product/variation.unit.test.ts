import { describe, expect, it } from 'vitest';
import {
  cadastrado,
  given,
  PRODUTO,
  refused,
  salvar,
} from '../../../test/catalog/product/product.fixture.js';
import type { GroupHead } from './commands.js';

const HEAD: GroupHead = {
  id: 'cam-base',
  sku: 'CAM-BASE',
  variacao: { grupo_id: 'cam-base', base: true, eixos: ['cor', 'tamanho'] },
};

describe('variation groups', () => {
  it('an item naming its own SKU as base heads a group whose id is its own', () => {
    const decision = given().when(
      salvar({ nome: 'Camiseta', variacao: { base_sku: 'CAM-01', eixos: ['cor'] } }),
    );
    expect(decision).toMatchObject({
      ok: true,
      events: [{ data: { variacao: { grupo_id: PRODUTO, base: true, eixos: ['cor'] } } }],
    });
  });

  it('an item joins the group headed by the base SKU with the group axes, in the group order', () => {
    const item = { variacao: { base_sku: 'CAM-BASE', eixos: ['tamanho', 'cor'] } };
    expect(given(cadastrado()).when(salvar(item, { groupHead: HEAD }))).toMatchObject({
      ok: true,
      events: [
        {
          data: {
            alteracoes: { variacao: { grupo_id: 'cam-base', base: false, eixos: ['cor', 'tamanho'] } },
          },
        },
      ],
    });
  });

  it('refuses an item joining with other axes (the axes belong to the group)', () => {
    const item = { variacao: { base_sku: 'CAM-BASE', eixos: ['cor'] } };
    expect(given(cadastrado()).when(salvar(item, { groupHead: HEAD }))).toEqual({
      ok: false,
      error: { kind: 'validation', campo: 'variacao.eixos', mensagem: 'os eixos do grupo são: cor, tamanho' },
    });
  });

  it('refuses a base SKU no product has, or a product that heads no group', () => {
    const item = { variacao: { base_sku: 'CAM-BASE', eixos: ['cor'] } };
    expect(given(cadastrado()).when(salvar(item, { groupHead: null }))).toEqual(
      refused('validation', 'variacao.base_sku'),
    );
    const member: GroupHead = {
      id: 'x',
      sku: 'CAM-BASE',
      variacao: { grupo_id: 'y', base: false, eixos: ['cor'] },
    };
    for (const groupHead of [member, { ...HEAD, variacao: null }]) {
      expect(given(cadastrado()).when(salvar(item, { groupHead }))).toEqual(
        refused('validation', 'variacao.base_sku'),
      );
    }
  });

  it('refuses a malformed base SKU or axes', () => {
    const when = (variacao: unknown) => given(cadastrado()).when(salvar({ variacao }, { groupHead: HEAD }));
    expect(when({ base_sku: 'CAM BASE', eixos: ['cor'] })).toEqual(
      refused('validation', 'variacao.base_sku'),
    );
    expect(when({ base_sku: 'CAM-01', eixos: [] })).toEqual(refused('validation', 'variacao.eixos'));
    expect(when({ base_sku: 'CAM-01', eixos: ['cor', 'cor'] })).toEqual(
      refused('validation', 'variacao.eixos'),
    );
    expect(when({ base_sku: 'CAM-01' })).toEqual(refused('validation', 'variacao.eixos'));
  });

  it('null leaves the group; sending the same group again changes nothing', () => {
    const member = cadastrado({ variacao: { grupo_id: 'cam-base', base: false, eixos: ['cor', 'tamanho'] } });
    expect(given(member).when(salvar({ variacao: null }))).toMatchObject({
      events: [{ data: { alteracoes: { variacao: null } } }],
    });
    const same = { variacao: { base_sku: 'CAM-BASE', eixos: ['cor', 'tamanho'] } };
    expect(given(member).when(salvar(same, { groupHead: HEAD }))).toEqual({ ok: true, events: [] });
  });

  it('a head with members keeps its axes and its place; without members it may change them', () => {
    const head = cadastrado({ variacao: { grupo_id: PRODUTO, base: true, eixos: ['cor', 'tamanho'] } });
    const own = (eixos: string[]) => ({ variacao: { base_sku: 'CAM-01', eixos } });
    expect(given(head).when(salvar(own(['cor']), { groupMembers: 3 }))).toEqual(
      refused('validation', 'variacao.eixos'),
    );
    expect(given(head).when(salvar({ variacao: null }, { groupMembers: 3 }))).toEqual(
      refused('validation', 'variacao'),
    );
    expect(given(head).when(salvar(own(['tamanho', 'cor']), { groupMembers: 3 }))).toEqual({
      ok: true,
      events: [],
    });
    expect(given(head).when(salvar(own(['cor'])))).toMatchObject({
      events: [{ data: { alteracoes: { variacao: { grupo_id: PRODUTO, base: true, eixos: ['cor'] } } } }],
    });
  });
});
