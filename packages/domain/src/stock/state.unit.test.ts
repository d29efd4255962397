import { describe, expect, it } from 'vitest';
import {
  estornar,
  fold,
  history,
  insumoDefinido,
  insumoExcluido,
  LOCAL,
  OUTRO_LOCAL,
  registrar,
} from '../../test/stock/stock.fixture.js';
import type { StockEvent } from './events.js';
import { fromSnapshot, type StockSnapshot, toSnapshot } from './snapshot.js';
import { evolveStock, initialStockState } from './state.js';

const events = history(
  registrar('m1', { quantidade: 10, custo_unitario: 2 }),
  registrar('m2', { quantidade: 5, custo_unitario: 3.5, local_id: OUTRO_LOCAL }),
  registrar('m3', { tipo: 'perda', quantidade: -1 }),
  estornar('e1', 'm1'),
);

describe('stock state', () => {
  it('copies each location after-state and keeps only what a reversal needs per movement', () => {
    const state = fold(events);
    expect(state.item).toMatchObject({ insumoId: 'insumo-1', unidadeCompra: 'rolo', fatorConversao: '50' });
    expect(Object.fromEntries(state.locations)).toEqual({
      [LOCAL]: { saldo: '-1', custoMedio: '2', custoMedioBruto: '2' },
      [OUTRO_LOCAL]: { saldo: '5', custoMedio: '3.5', custoMedioBruto: '3.5' },
    });
    expect(Object.fromEntries(state.movements)).toEqual({
      m1: { kind: 'reversed' },
      m2: {
        kind: 'reversible',
        localId: OUTRO_LOCAL,
        quantidade: '5',
        custoUnitario: '3.5',
        custoUnitarioBruto: '3.5',
      },
      m3: {
        kind: 'reversible',
        localId: LOCAL,
        quantidade: '-1',
        custoUnitario: '2',
        custoUnitarioBruto: '2',
      },
      e1: { kind: 'reversal' },
    });
  });

  it('takes a later item definition over an earlier one', () => {
    const state = fold([...events, insumoDefinido({ custo_referencia: '9' })]);
    expect(state.item?.custoReferencia).toBe('9');
  });

  it('knows the item deleted once the catalog deletes it, and keeps its balances', () => {
    expect(fold(events).excluido).toBe(false);
    const state = fold([...events, insumoExcluido()]);
    expect(state.excluido).toBe(true);
    expect(state.locations).toEqual(fold(events).locations);
  });

  it('ignores event types it does not know, such as the catalog record changes', () => {
    const state = initialStockState();
    const foreign = { type: 'InsumoAlterado.v1', data: {} } as unknown as StockEvent;
    expect(evolveStock(state, foreign)).toBe(state);
  });

  it('survives a JSON round trip of its snapshot unchanged, deletion included', () => {
    for (const state of [fold(events), fold([...events, insumoExcluido()])]) {
      const snapshot = JSON.parse(JSON.stringify(toSnapshot(state))) as StockSnapshot;
      expect(fromSnapshot(snapshot)).toEqual(state);
    }
    expect(fromSnapshot(toSnapshot(initialStockState()))).toEqual(initialStockState());
  });

  it('gives a state independent of the one snapshotted', () => {
    const state = fold(events);
    const copy = fromSnapshot(toSnapshot(state));
    evolveStock(state, history(registrar('m9'))[1] as StockEvent);
    expect(copy?.movements.has('m9')).toBe(false);
  });

  it('refuses a snapshot of another version, so the caller rebuilds from the stream', () => {
    const snapshot = { ...toSnapshot(fold(events)), versao: 3 } as unknown as StockSnapshot;
    expect(fromSnapshot(snapshot)).toBeNull();
  });

  it('refuses a version 1 snapshot (no deletion flag): its fold ignored deletions, so it is refolded', () => {
    const { excluido: _dropped, ...rest } = toSnapshot(fold([...events, insumoExcluido()]));
    const old = { ...rest, versao: 1 } as unknown as StockSnapshot;
    expect(fromSnapshot(old)).toBeNull();
  });
});
