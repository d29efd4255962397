import { accept, type Checked } from '../../catalog/checked.js';
import { positive } from '../../catalog/validation/field-rules.js';
import { validation } from '../../stock/commands.js';
import { Dec, type DecimalText } from '../../stock/money.js';
import type { NfeItem } from '../nota-fiscal.js';
import type { InsumoParaCompra } from '../order/commands.js';

/** A link of the receipt's body, keys as sent (values still checked). */
export type VinculoInput = { n_item?: unknown; insumo_id?: unknown; fator?: unknown };

/** A supplier's saved link of one code. */
export type VinculoSalvo = { insumo_id: string; fator: DecimalText };

/** compras.md's preview: from the body, from a saved link, or none. */
export type SituacaoVinculo = 'vinculado' | 'aprendido' | 'sem_vinculo';

export type ItemVinculado = {
  item: NfeItem;
  situacao: SituacaoVinculo;
  /** Null only when `sem_vinculo`. */
  link: { insumo_id: string; fator: Dec; insumo: InsumoParaCompra } | null;
  /** The body link's position, when `vinculado`: its events name it, its refusals point at it. */
  indice: number | null;
};

/** compras.md: check 7's message lists at most this many unlinked items. */
export const MAX_SEM_VINCULO_LISTADOS = 20;

const sameUnit = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Check 7: maps every invoice item to a supply item, by the body's `vinculos` first, else the
 * supplier's saved link of its code (a saved link to a supply item since deleted counts as
 * none). A body link's absent `fator` defaults to the supply item's `fator_conversao` when the
 * item's `uCom` is its purchase unit, 1 when it is its consumption unit (compared without case
 * and surrounding spaces), else it is refused on `vinculos[i].fator`. With `exigir` false (the
 * preview) an unlinked item is `sem_vinculo` instead of a refusal.
 */
export function resolveLinks(
  itens: readonly NfeItem[],
  vinculos: unknown,
  salvos: ReadonlyMap<string, VinculoSalvo>,
  insumos: ReadonlyMap<string, InsumoParaCompra>,
  exigir: boolean,
): Checked<ItemVinculado[]> {
  const fromBody = readBodyLinks(itens, vinculos, insumos);
  if (!fromBody.ok) return fromBody;
  const resolved = itens.map((item): ItemVinculado => {
    const body = fromBody.value.get(item.nItem);
    if (body) return { item, situacao: 'vinculado', link: body.link, indice: body.indice };
    const saved = salvos.get(item.cProd);
    const insumo = saved ? insumos.get(saved.insumo_id) : undefined;
    if (saved && insumo && !insumo.excluido) {
      return {
        item,
        situacao: 'aprendido',
        link: { insumo_id: saved.insumo_id, fator: new Dec(saved.fator), insumo },
        indice: null,
      };
    }
    return { item, situacao: 'sem_vinculo', link: null, indice: null };
  });
  const missing = resolved.filter((r) => r.situacao === 'sem_vinculo');
  if (exigir && missing.length > 0)
    return validation('vinculos', unlinkedMessage(missing.map((r) => r.item)));
  return accept(resolved);
}

function unlinkedMessage(items: readonly NfeItem[]): string {
  const listed = items
    .slice(0, MAX_SEM_VINCULO_LISTADOS)
    .map((item) => `nItem ${item.nItem} (código ${item.cProd})`)
    .join(', ');
  const more =
    items.length > MAX_SEM_VINCULO_LISTADOS ? ` e mais ${items.length - MAX_SEM_VINCULO_LISTADOS}` : '';
  return `itens sem vínculo com um insumo: ${listed}${more}; envie-os em vinculos`;
}

type BodyLink = { link: NonNullable<ItemVinculado['link']>; indice: number };

function readBodyLinks(
  itens: readonly NfeItem[],
  vinculos: unknown,
  insumos: ReadonlyMap<string, InsumoParaCompra>,
): Checked<Map<number, BodyLink>> {
  const links = new Map<number, BodyLink>();
  if (vinculos === undefined || vinculos === null) return accept(links);
  if (!Array.isArray(vinculos)) return validation('vinculos', 'vinculos deve ser uma lista');
  for (const [i, raw] of vinculos.entries()) {
    const at = (key: string) => `vinculos[${i}].${key}`;
    if (typeof raw !== 'object' || raw === null)
      return validation(`vinculos[${i}]`, 'cada vínculo deve ser um objeto');
    const input = raw as VinculoInput;
    const item = itens.find((candidate) => candidate.nItem === input.n_item);
    if (!item) return validation(at('n_item'), 'n_item deve ser o nItem de um item da NF-e');
    if (links.has(item.nItem))
      return validation(at('n_item'), `nItem ${item.nItem} vinculado mais de uma vez`);
    const insumo = typeof input.insumo_id === 'string' ? insumos.get(input.insumo_id) : undefined;
    if (!insumo || insumo.excluido) return validation(at('insumo_id'), 'insumo inexistente ou excluído');
    const fator = linkFactor(input.fator, item, insumo, at('fator'));
    if (!fator.ok) return fator;
    links.set(item.nItem, {
      link: { insumo_id: input.insumo_id as string, fator: fator.value, insumo },
      indice: i,
    });
  }
  return accept(links);
}

function linkFactor(value: unknown, item: NfeItem, insumo: InsumoParaCompra, campo: string): Checked<Dec> {
  if (value !== undefined && value !== null) {
    const checked = positive(value, campo);
    return checked.ok ? accept(new Dec(checked.value)) : checked;
  }
  if (sameUnit(item.uCom, insumo.unidade_compra)) return accept(new Dec(insumo.fator_conversao));
  if (sameUnit(item.uCom, insumo.unidade_consumo)) return accept(new Dec(1));
  return validation(
    campo,
    `informe fator: a unidade ${item.uCom} do nItem ${item.nItem} não é a de compra (${insumo.unidade_compra}) nem a de consumo (${insumo.unidade_consumo}) do insumo`,
  );
}
