import type { FornecedorEvent, InsumoStreamEvent, ProdutoEvent } from '@factory/domain';
import { parseStreamName, type RecordedEvent, type WriteSideRow } from '@factory/event-store';
import { productRows } from './catalog/product-rows.js';
import { supplierRows } from './catalog/supplier-rows.js';
import { supplyItemRows } from './catalog/supply-item-rows.js';

const PRODUCT = new Set([
  'ProdutoCadastrado.v1',
  'ProdutoAlterado.v1',
  'ProdutoExcluido.v1',
  'FichaDefinida.v1',
  'FichaDesativada.v1',
]);
const SUPPLY_ITEM = new Set(['InsumoCadastrado.v1', 'InsumoDefinido.v1', 'InsumoExcluido.v1']);
const SUPPLIER = new Set(['FornecedorCadastrado.v1', 'FornecedorAlterado.v1', 'FornecedorExcluido.v1']);

/**
 * The write-side rows of one event of the log, as the append that wrote it carried them (the
 * key's answer and snapshots aside): what an event store writing rows after the commit
 * re-derives after a crash. One derivation: the commands build their rows with the same functions.
 */
export function writeSideRowsOf(event: RecordedEvent): WriteSideRow[] {
  const empresaId = parseStreamName(event.stream)?.companyId;
  if (empresaId === undefined) return [];
  const appended = { ...event, revision: event.revision };
  if (event.type === 'MovimentoRegistrado.v1' || event.type === 'MovimentoEstornado.v1')
    return [
      {
        kind: 'movement_index',
        eventId: event.id,
        empresaId,
        insumoId: (event.data as { insumo_id: string }).insumo_id,
      },
    ];
  if (PRODUCT.has(event.type))
    return productRows(empresaId, [appended as never as ProdutoEvent & typeof appended]);
  if (SUPPLY_ITEM.has(event.type))
    return supplyItemRows(empresaId, [appended as never as InsumoStreamEvent & typeof appended]);
  if (SUPPLIER.has(event.type))
    return supplierRows(empresaId, [appended as never as FornecedorEvent & typeof appended]);
  return [];
}
