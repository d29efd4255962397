import { type Decision, notFound } from '../../stock/commands.js';
import { isLive, type ProdutoState } from '../product/state.js';
import type { DesativarFicha } from './commands.js';
import type { FichaDesativada } from './events.js';

/** `DELETE /v1/fichas/{produto_id}`: the active version turns inactive; 404 when none is active. */
export function decideDesativarFicha(
  command: DesativarFicha,
  state: ProdutoState,
): Decision<FichaDesativada> {
  const { produto_id, agora } = command.data;
  if (!isLive(state) || state.id !== produto_id) return notFound('produto_id', 'produto não encontrado');
  if (state.ficha === null || !state.ficha.ativa)
    return notFound('produto_id', 'o produto não tem ficha ativa');
  return {
    ok: true,
    events: [
      { type: 'FichaDesativada.v1', data: { produto_id, versao: state.ficha.versao, desativada_em: agora } },
    ],
  };
}
