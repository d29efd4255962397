import { type Decision, notFound, validation } from '../../stock/commands.js';
import { isLive, type ProdutoState } from '../product/state.js';
import { readLine } from './bill-lines.js';
import type { DefinirFicha } from './commands.js';
import type { FichaDefinida, LinhaDaFicha } from './events.js';

/**
 * `PUT /v1/fichas/{produto_id}`: the lines become version `versao + 1`, active (the
 * previous version turns inactive). Every PUT creates a version, even with the same
 * lines: it is an explicit replacement, and a retried PUT is caught by its idempotency key.
 */
export function decideSubstituirFicha(command: DefinirFicha, state: ProdutoState): Decision<FichaDefinida> {
  const { produto_id, linhas, agora } = command.data;
  if (!isLive(state) || state.id !== produto_id) return notFound('produto_id', 'produto não encontrado');
  // An empty bill would read as "costs nothing"; removing the bill is DELETE.
  if (!Array.isArray(linhas) || linhas.length === 0) {
    return validation('linhas', 'a ficha deve ter ao menos uma linha');
  }
  const lines: LinhaDaFicha[] = [];
  for (const [i, line] of linhas.entries()) {
    const checked = readLine(line, i, produto_id, command.context);
    if (!checked.ok) return checked;
    lines.push(checked.value);
  }
  const versao = (state.ficha?.versao ?? 0) + 1;
  return {
    ok: true,
    events: [{ type: 'FichaDefinida.v1', data: { produto_id, versao, linhas: lines, definida_em: agora } }],
  };
}
