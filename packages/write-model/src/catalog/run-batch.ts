import { Lanes } from '../lanes.js';
import type { SaveOutcome } from './catalog-outcome.js';
import { itemError } from './item-error.js';

export type RawItem = Record<string, unknown>;

/** A key an item is matched by, and the body field it comes from (named when refused). */
export type ItemKey = { campo: string; key: string };

export interface BatchSpec {
  /** The item's keys; a key not here refuses the item (unknown fields are never ignored). */
  fields: readonly string[];
  /** The result's `sku` (null for suppliers). */
  sku(item: RawItem): string | null;
  /** The keys that match the item to a record; a later item sharing one is refused. */
  keysOf(item: RawItem): ItemKey[];
  /**
   * What the item's decision reads or changes beyond its own key (aliases, a group head's
   * SKU); `null`: anything, so the item waits for every earlier one and every later one for it.
   */
  touches(item: RawItem): string[] | null;
  save(item: RawItem, indice: number): Promise<SaveOutcome>;
}

/** One item's result, as the API's `Resultado` shows it: its id, or why it was refused. */
export interface BatchItemResult {
  indice: number;
  sku: string | null;
  ok: boolean;
  id: string | null;
  erro: string | null;
}

/** Items whose commands run at once; each holds a connection while it appends. */
const CONCURRENCY = 4;

/**
 * A catalog batch (products, supply items, suppliers), the batch lanes of the write side: each
 * item is its own command (the catalog's `handleCommand` run) on its own stream with its own
 * append: a refused item never
 * stops the others. Items sharing a key or a touched value (an alias, a group head's SKU) run
 * in body order, so a later one sees what an earlier one wrote; the others run side by side,
 * a few at a time, which overlaps their commits. `position`: the last (greatest) position
 * appended in the batch, null when nothing was.
 */
export async function runBatch(
  itens: readonly unknown[],
  spec: BatchSpec,
): Promise<{ resultados: BatchItemResult[]; position: number | null }> {
  const fields = new Set(spec.fields);
  const seen = new Map<string, number>();
  const written = new Map<string, number>();
  const lanes = new Lanes(CONCURRENCY);
  const resultados: Promise<BatchItemResult>[] = [];
  let position: number | null = null;
  for (const [indice, item] of itens.entries()) {
    const refused = (sku: string | null, erro: string) =>
      Promise.resolve({ indice, sku, ok: false, id: null, erro });
    // 1. Checks of the item alone and of the batch's keys, in body order.
    if (!isObject(item)) {
      resultados.push(refused(null, 'o item deve ser um objeto'));
      continue;
    }
    const raw = item;
    const sku = spec.sku(raw);
    const unknown = Object.keys(raw).find((key) => !fields.has(key));
    if (unknown !== undefined) {
      resultados.push(refused(sku, `${unknown}: campo desconhecido`));
      continue;
    }
    const keys = spec.keysOf(raw);
    const repeated = keys.find(({ key }) => seen.has(key));
    for (const { key } of keys) if (!seen.has(key)) seen.set(key, indice);
    if (repeated !== undefined) {
      resultados.push(refused(sku, `${repeated.campo}: repetido no lote (item ${seen.get(repeated.key)})`));
      continue;
    }
    // 2. The command, in its lane.
    const touched = spec.touches(raw);
    const lane = touched === null ? null : [...keys.map(({ key }) => key), ...touched];
    resultados.push(
      lanes.run(lane, async (): Promise<BatchItemResult> => {
        // A record already written by an earlier item, named now by another key (a supplier
        // matched by tax id, then by id): a repeat too. Only lanes of `null` items reach it.
        const earlier = keys.map(({ key }) => written.get(key)).find((i) => i !== undefined);
        if (earlier !== undefined)
          return refused(sku, `${keys[0]!.campo}: repetido no lote (item ${earlier})`);
        const outcome = await spec.save(raw, indice);
        if (!outcome.ok) return refused(sku, itemError(outcome.error));
        if (!written.has(`id:${outcome.id}`)) written.set(`id:${outcome.id}`, indice);
        if (outcome.position !== null) position = Math.max(position ?? 0, outcome.position);
        return { indice, sku, ok: true, id: outcome.id, erro: null };
      }),
    );
  }
  return { resultados: await Promise.all(resultados), position };
}

export const isObject = (item: unknown): item is RawItem =>
  typeof item === 'object' && item !== null && !Array.isArray(item);

/** The item's `sku` when it is text. */
export const skuOf = (item: RawItem): string | null => (typeof item.sku === 'string' ? item.sku : null);

/** Products and supply items are matched by SKU. */
export const skuKeys = (item: RawItem): ItemKey[] => {
  const sku = skuOf(item);
  return sku === null ? [] : [{ campo: 'sku', key: `sku:${sku}` }];
};
