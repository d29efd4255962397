import { describe, expect, it } from 'vitest';
import { AGORA, CHAPA, FORNECEDOR, insumo } from '../../../test/purchases/purchases.fixture.js';
import {
  decideDefinirVinculo,
  decideRemoverVinculo,
  evolveVinculos,
  initialVinculosState,
} from './supplier-links.js';

const definir = (fields: { codigo?: string; insumo_id?: unknown; fator?: unknown } = {}) => ({
  type: 'DefinirVinculo' as const,
  data: {
    fornecedor_id: FORNECEDOR,
    codigo: 'ABC-1',
    insumo_id: CHAPA,
    fator: '12',
    agora: AGORA,
    ...fields,
  },
  context: {
    insumos: new Map([
      [CHAPA, insumo()],
      ['excluido', insumo({ excluido: true })],
    ]),
  },
});

const error = (result: { ok: boolean; error?: unknown }) => (result.ok ? null : result.error);

describe('supplier links', () => {
  it('defines, replaces and removes a code’s link', () => {
    const defined = decideDefinirVinculo(definir());
    if (!defined.ok) throw new Error('setup');
    expect(defined.value.data).toEqual({
      fornecedor_id: FORNECEDOR,
      codigo: 'ABC-1',
      insumo_id: CHAPA,
      fator: '12',
      origem: 'api',
      nota_id: null,
      definido_em: AGORA,
    });
    let state = evolveVinculos(initialVinculosState(), defined.value);
    const replaced = decideDefinirVinculo(definir({ fator: 6 }));
    if (!replaced.ok) throw new Error('setup');
    state = evolveVinculos(state, replaced.value);
    expect(state.get('ABC-1')).toEqual({ insumo_id: CHAPA, fator: '6' });
    const removed = decideRemoverVinculo({ fornecedor_id: FORNECEDOR, codigo: 'ABC-1', agora: AGORA }, state);
    if (!removed.ok) throw new Error('setup');
    state = evolveVinculos(state, removed.value);
    expect(state.size).toBe(0);
    expect(
      error(decideRemoverVinculo({ fornecedor_id: FORNECEDOR, codigo: 'ABC-1', agora: AGORA }, state)),
    ).toMatchObject({
      kind: 'not_found',
    });
  });

  it.each([
    ['a code over 60 characters', { codigo: 'x'.repeat(61) }, 'codigo'],
    ['a deleted supply item', { insumo_id: 'excluido' }, 'insumo_id'],
    ['no factor', { fator: undefined }, 'fator'],
    ['a factor of 0', { fator: 0 }, 'fator'],
  ])('refuses %s', (_name, fields, campo) => {
    expect(error(decideDefinirVinculo(definir(fields)))).toMatchObject({ kind: 'validation', campo });
  });
});
