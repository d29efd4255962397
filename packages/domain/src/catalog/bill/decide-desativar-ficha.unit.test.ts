import { describe, expect, it } from 'vitest';
import {
  cadastrado,
  DEPOIS,
  given,
  PRODUTO,
  refused,
} from '../../../test/catalog/product/product.fixture.js';
import type { DesativarFicha } from './commands.js';
import type { FichaDefinida, FichaDesativada } from './events.js';

const desativar: DesativarFicha = { type: 'DesativarFicha', data: { produto_id: PRODUTO, agora: DEPOIS } };
const definida = (versao: number): FichaDefinida => ({
  type: 'FichaDefinida.v1',
  data: { produto_id: PRODUTO, versao, linhas: [], definida_em: DEPOIS },
});
const desativada: FichaDesativada = {
  type: 'FichaDesativada.v1',
  data: { produto_id: PRODUTO, versao: 2, desativada_em: DEPOIS },
};

describe('deactivating a bill of materials', () => {
  it('deactivates the active version', () => {
    expect(given(cadastrado(), definida(1), definida(2)).when(desativar)).toEqual({
      ok: true,
      events: [
        { type: 'FichaDesativada.v1', data: { produto_id: PRODUTO, versao: 2, desativada_em: DEPOIS } },
      ],
    });
  });

  it('answers not found when no version is active', () => {
    expect(given(cadastrado()).when(desativar)).toEqual(refused('not_found', 'produto_id'));
    expect(given(cadastrado(), definida(1), definida(2), desativada).when(desativar)).toEqual(
      refused('not_found', 'produto_id'),
    );
  });

  it('answers not found for an unknown product', () => {
    expect(given().when(desativar)).toEqual(refused('not_found', 'produto_id'));
  });
});
