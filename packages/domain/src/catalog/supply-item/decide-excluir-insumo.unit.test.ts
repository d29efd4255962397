import { describe, expect, it } from 'vitest';
import { refused } from '../../../test/catalog/product/product.fixture.js';
import {
  AGORA,
  cadastrado,
  DEPOIS,
  fold,
  given,
  INSUMO,
  withStock,
} from '../../../test/catalog/supply-item/supply-item.fixture.js';
import { estornar, insumoDefinido, registrar } from '../../../test/stock/stock.fixture.js';
import { decideStock } from '../../stock/decide.js';
import type { ExcluirInsumo } from './commands.js';

const excluir = (usedBy: ExcluirInsumo['context']['usedBy'] = []): ExcluirInsumo => ({
  type: 'ExcluirInsumo',
  data: { insumo_id: INSUMO, agora: DEPOIS },
  context: { usedBy },
});

describe('deleting a supply item', () => {
  it('records the deletion, and nothing when deleted again', () => {
    expect(given(cadastrado()).when(excluir())).toEqual({
      ok: true,
      events: [
        { type: 'InsumoExcluido.v1', data: { insumo_id: INSUMO, sku: 'TEC-01', excluido_em: DEPOIS } },
      ],
    });
    const deleted = {
      type: 'InsumoExcluido.v1' as const,
      data: { insumo_id: INSUMO, sku: 'TEC-01', excluido_em: AGORA },
    };
    expect(given(cadastrado(), deleted).when(excluir())).toEqual({ ok: true, events: [] });
  });

  it('answers not found for an item never created', () => {
    expect(given().when(excluir())).toEqual(refused('not_found', 'id'));
  });

  it('refuses while an active bill uses it, naming every such bill', () => {
    const usedBy = [
      { produto_id: 'p1', sku: 'CAM-01', versao: 2 },
      { produto_id: 'p2', sku: 'CAM-02', versao: 1 },
    ];
    expect(given(cadastrado()).when(excluir(usedBy))).toEqual({
      ok: false,
      error: {
        kind: 'conflict',
        mensagem:
          'o insumo TEC-01 é usado na ficha técnica ativa de: CAM-01 (produto p1, versão 2), CAM-02 (produto p2, versão 1)',
      },
    });
  });

  it('leaves the stream state refusing movements and reversals of the item', () => {
    const events = withStock([cadastrado(), insumoDefinido()], registrar('m1', { quantidade: 2 }));
    const decision = given(...events).when(excluir());
    if (!decision.ok) throw new Error('setup');
    const { stock } = fold([...events, ...decision.events]);
    expect(stock.excluido).toBe(true);
    expect(decideStock(registrar('m2'), stock)).toEqual(refused('not_found', 'insumo_id'));
    expect(decideStock(estornar('e1', 'm1'), stock)).toEqual(refused('conflict'));
  });
});
