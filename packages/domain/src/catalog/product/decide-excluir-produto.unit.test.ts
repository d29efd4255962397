import { describe, expect, it } from 'vitest';
import {
  AGORA,
  cadastrado,
  DEPOIS,
  excluir,
  given,
  PRODUTO,
  refused,
} from '../../../test/catalog/product/product.fixture.js';
import type { FichaDefinida } from '../bill/events.js';

const ficha = (versao: number): FichaDefinida => ({
  type: 'FichaDefinida.v1',
  data: { produto_id: PRODUTO, versao, linhas: [], definida_em: AGORA },
});

describe('deleting a product', () => {
  it('records the deletion', () => {
    expect(given(cadastrado()).when(excluir())).toEqual({
      ok: true,
      events: [
        { type: 'ProdutoExcluido.v1', data: { produto_id: PRODUTO, sku: 'CAM-01', excluido_em: DEPOIS } },
      ],
    });
  });

  it('deactivates its own active bill with it', () => {
    expect(given(cadastrado(), ficha(1), ficha(2)).when(excluir())).toMatchObject({
      ok: true,
      events: [
        { type: 'FichaDesativada.v1', data: { produto_id: PRODUTO, versao: 2, desativada_em: DEPOIS } },
        { type: 'ProdutoExcluido.v1' },
      ],
    });
  });

  it('appends nothing when deleted again', () => {
    const deleted = {
      type: 'ProdutoExcluido.v1' as const,
      data: { produto_id: PRODUTO, sku: 'CAM-01', excluido_em: AGORA },
    };
    expect(given(cadastrado(), deleted).when(excluir())).toEqual({ ok: true, events: [] });
  });

  it('answers not found for a product that was never created', () => {
    expect(given().when(excluir())).toEqual(refused('not_found', 'id'));
  });

  it('refuses while another product active bill uses it, naming the bill', () => {
    const usedBy = [{ produto_id: 'kit-1', sku: 'KIT-VERAO', versao: 3 }];
    expect(given(cadastrado()).when(excluir(usedBy))).toEqual({
      ok: false,
      error: {
        kind: 'conflict',
        mensagem: 'o produto CAM-01 é usado na ficha técnica ativa de: KIT-VERAO (produto kit-1, versão 3)',
      },
    });
  });

  describe('heading a variation group', () => {
    const head = cadastrado({ variacao: { grupo_id: PRODUTO, base: true, eixos: ['cor'] } });
    const members = [
      { produto_id: 'cam-azul', sku: 'CAM-01-AZUL' },
      { produto_id: 'cam-verde', sku: 'CAM-01-VERDE' },
    ];

    it('refuses while other products are in its group, naming each of them', () => {
      expect(given(head).when(excluir([], members))).toEqual({
        ok: false,
        error: {
          kind: 'conflict',
          mensagem:
            'o produto CAM-01 encabeça o grupo de variação de: CAM-01-AZUL (produto cam-azul), CAM-01-VERDE (produto cam-verde)',
        },
      });
    });

    it('deletes a head alone in its group (the caller may list the head itself)', () => {
      for (const groupMembers of [[], [{ produto_id: PRODUTO, sku: 'CAM-01' }]]) {
        expect(given(head).when(excluir([], groupMembers))).toMatchObject({
          ok: true,
          events: [{ type: 'ProdutoExcluido.v1' }],
        });
      }
    });

    it('names the bills first when the head is also used by one', () => {
      const usedBy = [{ produto_id: 'kit-1', sku: 'KIT-VERAO', versao: 1 }];
      expect(given(head).when(excluir(usedBy, members))).toMatchObject({
        error: { kind: 'conflict', mensagem: expect.stringContaining('ficha técnica ativa de: KIT-VERAO') },
      });
    });

    it('appends nothing when deleted again, whatever the caller found in its group', () => {
      const deleted = {
        type: 'ProdutoExcluido.v1' as const,
        data: { produto_id: PRODUTO, sku: 'CAM-01', excluido_em: AGORA },
      };
      expect(given(head, deleted).when(excluir([], members))).toEqual({ ok: true, events: [] });
    });
  });
});
