import { conflict, type Refusal, validation } from '../../stock/commands.js';
import { accept, type Checked } from '../checked.js';
import { sameValue } from '../record-patch.js';
import { sku, textList } from '../validation/catalog-rules.js';
import type { GroupMember, ProdutoContext } from './commands.js';
import type { VariacaoProduto } from './record.js';

/** The product the item is saved into. */
type Self = { id: string; sku: string; current: VariacaoProduto | null };

const sameAxes = (a: readonly string[], b: readonly string[]) => sameValue([...a].sort(), [...b].sort());

/**
 * Resolves an item's `variacao` ({base_sku, eixos} or null) into the product's place in
 * a group. `base_sku` equal to the item's own SKU makes it the head (grupo_id = own id,
 * its axes define the group); another SKU joins the group that product heads, and the
 * axes must be the group's (as a set: the head's order is stored). A head keeps its axes
 * and its place while other products are in its group, so members never disagree with it.
 */
export function resolveVariation(
  input: unknown,
  self: Self,
  context: Pick<ProdutoContext, 'groupHead' | 'groupMembers'>,
): Checked<VariacaoProduto | null> {
  const next = readVariation(input, self, context);
  if (!next.ok) return next;
  const current = self.current;
  const members = context.groupMembers ?? 0;
  if (current?.base && members > 0) {
    if (next.value === null || !next.value.base) {
      return validation(
        'variacao',
        `o produto encabeça um grupo com ${members} variações e não pode deixá-lo`,
      );
    }
    if (!sameAxes(current.eixos, next.value.eixos)) {
      return validation('variacao.eixos', 'os eixos de um grupo com variações não podem mudar');
    }
    // The same axes in another order: keep the order its members were stored with.
    return accept({ ...next.value, eixos: [...current.eixos] });
  }
  return next;
}

function readVariation(
  input: unknown,
  self: Self,
  context: Pick<ProdutoContext, 'groupHead'>,
): Checked<VariacaoProduto | null> {
  if (input === null) return accept(null);
  if (typeof input !== 'object' || Array.isArray(input)) {
    return validation('variacao', 'variacao deve ser um objeto {base_sku, eixos} ou null');
  }
  const { base_sku, eixos } = input as Record<string, unknown>;
  const baseSku = sku(base_sku, 'variacao.base_sku');
  if (!baseSku.ok) return baseSku;
  const axes = textList({ sorted: false, minItems: 1 })(eixos, 'variacao.eixos');
  if (!axes.ok) return axes;

  if (baseSku.value === self.sku) return accept({ grupo_id: self.id, base: true, eixos: axes.value });

  const head = context.groupHead;
  if (head == null || head.sku !== baseSku.value) {
    return validation('variacao.base_sku', `nenhum produto com o sku ${baseSku.value}`);
  }
  if (head.variacao === null || !head.variacao.base) {
    return validation('variacao.base_sku', `o produto ${head.sku} não encabeça um grupo de variação`);
  }
  if (!sameAxes(head.variacao.eixos, axes.value)) {
    return validation('variacao.eixos', `os eixos do grupo são: ${head.variacao.eixos.join(', ')}`);
  }
  return accept({ grupo_id: head.id, base: false, eixos: [...head.variacao.eixos] });
}

/**
 * A head with members cannot be deleted (409 `conflito`), for the reason it cannot leave its
 * group: the members would point at a deleted product that no item can name as `base_sku`
 * any more. Nothing is detached silently; the message names each member, so the client
 * moves or deletes them first.
 */
export function headWithMembersRefusal(sku: string, members: readonly GroupMember[]): Refusal | null {
  if (members.length === 0) return null;
  const names = members.map((member) => `${member.sku} (produto ${member.produto_id})`);
  return conflict(`o produto ${sku} encabeça o grupo de variação de: ${names.join(', ')}`);
}
