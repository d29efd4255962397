import { accept, type Checked } from '../../catalog/checked.js';
import { positive } from '../../catalog/validation/field-rules.js';
import { type Decision, validation } from '../../stock/commands.js';
import type { ItemDoPlanoInput, SubstituirPlano } from './commands.js';
import type { ItemDoPlano, PlanoEvent } from './events.js';
import { evolvePlano, initialPlanoState, type PlanoState } from './state.js';

/** At most this many lines in one day plan. */
export const MAX_ITENS_PLANO = 500;

/**
 * Replaces the day's plan: every line checked in body order (produto_id, quantidade,
 * local_id), the first problem refused naming it; then the next version, always (a plan equal
 * to the current one is still a replacement the client asked for).
 */
export function decideSubstituirPlano(command: SubstituirPlano, state: PlanoState): Decision<PlanoEvent> {
  const { dia, itens, agora } = command.data;
  if (itens.length > MAX_ITENS_PLANO)
    return validation('itens', `itens deve ter no máximo ${MAX_ITENS_PLANO} linhas`);
  const checked: ItemDoPlano[] = [];
  for (const [i, item] of itens.entries()) {
    const line = readItem(item, i, command.context);
    if (!line.ok) return line;
    checked.push(line.value);
  }
  return {
    ok: true,
    events: [
      {
        type: 'PlanoSubstituido.v1',
        data: { dia, versao: state.versao + 1, itens: checked, substituido_em: agora },
      },
    ],
  };
}

function readItem(
  item: ItemDoPlanoInput,
  i: number,
  context: SubstituirPlano['context'],
): Checked<ItemDoPlano> {
  const at = (key: string) => `itens[${i}].${key}`;
  const { produto_id, local_id } = item;
  if (typeof produto_id !== 'string' || !context.products.has(produto_id)) {
    return validation(at('produto_id'), 'produto inexistente, excluído ou sem ficha técnica ativa');
  }
  const quantidade = positive(item.quantidade, at('quantidade'));
  if (!quantidade.ok) return quantidade;
  if (typeof local_id !== 'string' || !context.locations.has(local_id)) {
    return validation(at('local_id'), 'local inexistente ou inativo');
  }
  return accept({ produto_id, quantidade: quantidade.value, local_id });
}

export const planoDecider = {
  decide: decideSubstituirPlano,
  evolve: evolvePlano,
  initialState: initialPlanoState,
};
