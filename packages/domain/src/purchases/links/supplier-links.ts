import { accept, type Checked } from '../../catalog/checked.js';
import { positive } from '../../catalog/validation/field-rules.js';
import { notFound, validation } from '../../stock/commands.js';
import type { VinculoEvent, VinculoFornecedorDefinido, VinculoFornecedorRemovido } from '../events.js';
import type { InsumoParaCompra } from '../order/commands.js';
import type { VinculoSalvo } from '../receipt/links.js';

/** compras.md: a supplier's product code is 1 to 60 characters, exact. */
export const MAX_CODIGO = 60;

/** One supplier's links by code, folded from its stream (`vinculos-<empresa>-<fornecedor_id>`). */
export type VinculosState = ReadonlyMap<string, VinculoSalvo>;

export const initialVinculosState = (): VinculosState => new Map();

export function evolveVinculos(state: VinculosState, event: VinculoEvent): VinculosState {
  const next = new Map(state);
  if (event.type === 'VinculoFornecedorDefinido.v1') {
    next.set(event.data.codigo, { insumo_id: event.data.insumo_id, fator: event.data.fator });
  } else {
    next.delete(event.data.codigo);
  }
  return next;
}

export type DefinirVinculo = {
  type: 'DefinirVinculo';
  data: { fornecedor_id: string; codigo: string; insumo_id?: unknown; fator?: unknown; agora: string };
  context: { insumos: ReadonlyMap<string, InsumoParaCompra> };
};

/**
 * `PUT /v1/fornecedores/{id}/vinculos/{codigo}`: creates or replaces the code's link. Here the
 * factor is required (only a receipt, which knows the invoice's unit, defaults it). The caller
 * has checked the supplier is the company's.
 */
export function decideDefinirVinculo(command: DefinirVinculo): Checked<VinculoFornecedorDefinido> {
  const { data, context } = command;
  if (data.codigo.length === 0 || data.codigo.length > MAX_CODIGO) {
    return validation('codigo', `codigo deve ter de 1 a ${MAX_CODIGO} caracteres`);
  }
  const insumo = typeof data.insumo_id === 'string' ? context.insumos.get(data.insumo_id) : undefined;
  if (!insumo || insumo.excluido) return validation('insumo_id', 'insumo inexistente ou excluído');
  const fator = positive(data.fator, 'fator');
  if (!fator.ok) return fator;
  return accept({
    type: 'VinculoFornecedorDefinido.v1',
    data: {
      fornecedor_id: data.fornecedor_id,
      codigo: data.codigo,
      insumo_id: data.insumo_id as string,
      fator: fator.value,
      origem: 'api',
      nota_id: null,
      definido_em: data.agora,
    },
  });
}

/** `DELETE .../vinculos/{codigo}`: 404 when the code has no link. */
export function decideRemoverVinculo(
  data: { fornecedor_id: string; codigo: string; agora: string },
  state: VinculosState,
): Checked<VinculoFornecedorRemovido> {
  if (!state.has(data.codigo)) return notFound('codigo', 'vínculo não encontrado');
  return accept({
    type: 'VinculoFornecedorRemovido.v1',
    data: { fornecedor_id: data.fornecedor_id, codigo: data.codigo, removido_em: data.agora },
  });
}
