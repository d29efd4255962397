import type { InsumoState, InsumoStreamEvent } from '@factory/domain';
import type { UniquenessChange, WriteSideRow } from '@factory/event-store';
import type { AppendedEvent } from '../stream-command.js';

/**
 * The write-side rows of a supply item's catalog events: SKU among non-deleted items, and the
 * definition a bill line needs. The stock's `InsumoDefinido.v1` carries the units, factor and
 * reference cost whenever one changes; on creation the record already holds what it repeats.
 */
export function supplyItemRows(
  empresaId: string,
  events: readonly AppendedEvent<InsumoStreamEvent>[],
): WriteSideRow[] {
  const created = events.some((event) => event.type === 'InsumoCadastrado.v1');
  return events.flatMap((event): WriteSideRow[] => {
    const base = { kind: 'supply_item' as const, eventId: event.id, empresaId };
    switch (event.type) {
      case 'InsumoCadastrado.v1': {
        const d = event.data;
        return [
          {
            ...base,
            insumoId: d.insumo_id,
            sku: d.sku,
            unidadeCompra: d.unidade_compra,
            unidadeConsumo: d.unidade_consumo,
            fatorConversao: d.fator_conversao,
            custoReferencia: d.custo_referencia,
          },
        ];
      }
      case 'InsumoDefinido.v1': {
        if (created) return [];
        const d = event.data;
        return [
          {
            ...base,
            insumoId: d.insumo_id,
            unidadeCompra: d.unidade_compra,
            unidadeConsumo: d.unidade_consumo,
            fatorConversao: d.fator_conversao,
            custoReferencia: d.custo_referencia,
          },
        ];
      }
      case 'InsumoExcluido.v1':
        return [{ ...base, insumoId: event.data.insumo_id, excluidoEm: event.data.excluido_em }];
      case 'InsumoAlterado.v1':
        return []; // nothing the index holds changes without an InsumoDefinido.v1
      case 'MovimentoRegistrado.v1':
      case 'MovimentoEstornado.v1':
        return []; // the stock's own events; catalog commands never append them
      default: {
        const unhandled: never = event;
        throw new Error(`supply item rows: unknown event ${(unhandled as { type: string }).type}`);
      }
    }
  });
}

/** The SKU a supply item's events claim (creation) or release (deletion). */
export function supplyItemKeys(
  empresaId: string,
  events: readonly InsumoStreamEvent[],
  decidedOn: InsumoState,
): UniquenessChange[] {
  let sku = decidedOn.insumo?.sku ?? null;
  return events.flatMap((event): UniquenessChange[] => {
    if (event.type === 'InsumoCadastrado.v1') {
      sku = event.data.sku;
      return [
        { op: 'claim', key: { scope: 'insumo_sku', empresaId, value: sku }, owner: event.data.insumo_id },
      ];
    }
    if (event.type === 'InsumoExcluido.v1' && sku !== null)
      return [
        { op: 'release', key: { scope: 'insumo_sku', empresaId, value: sku }, owner: event.data.insumo_id },
      ];
    return [];
  });
}
