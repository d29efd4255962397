import { type Decision, notFound } from '../../stock/commands.js';
import { inUseRefusal } from '../in-use.js';
import type { ExcluirInsumo } from './commands.js';
import type { InsumoExcluido } from './events.js';
import type { InsumoState } from './state.js';

/** Deletes a supply item; deleting again appends nothing (the route answers the stored `excluido_em`). */
export function decideExcluirInsumo(command: ExcluirInsumo, state: InsumoState): Decision<InsumoExcluido> {
  const { insumo_id, agora } = command.data;
  if (state.insumo === null || state.id !== insumo_id) return notFound('id', 'insumo não encontrado');
  if (state.excluidoEm !== null) return { ok: true, events: [] };
  const refusal = inUseRefusal(`o insumo ${state.insumo.sku}`, command.context.usedBy);
  if (refusal !== null) return refusal;
  return {
    ok: true,
    events: [{ type: 'InsumoExcluido.v1', data: { insumo_id, sku: state.insumo.sku, excluido_em: agora } }],
  };
}
