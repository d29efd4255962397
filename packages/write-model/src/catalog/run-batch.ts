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
  /**
   * Items that share no key or touched value with any other item of the batch, decided together
   * and written as one append (one load, one append, one set of rows): per item its outcome, or
   * null for an item to run alone with `save` (one it cannot take, or all when the one write did
   * not happen). Absent: every item runs alone.
   */
  saveTogether?(items: ReadonlyArray<{ item: RawItem; indice: number }>): Promise<Array<SaveOutcome | null>>;
  /**
   * `saveTogether` resolves the items' records itself and answers null for every item when one
   * reads a record another writes: items that read anything (`touches` null) go together by
   * their own keys then; alone they still run one after the other.
   */
  togetherChecksReads?: boolean;
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

interface Accepted {
  indice: number;
  raw: RawItem;
  sku: string | null;
  keys: ItemKey[];
  /** Its lane keys (its own keys and what it touches); null: it reads anything. */
  lane: string[] | null;
}

/**
 * A catalog batch (products, supply items, suppliers), the batch lanes of the write side. A
 * refused item never stops the others. Items sharing a key or a touched value (an alias, a
 * group head's SKU) run in body order, each its own command on its own stream with its own
 * append, so a later one sees what an earlier one wrote; those run side by side, a few at a
 * time. Items sharing nothing with any other go together (`saveTogether`) when the spec can:
 * one load, one append and one set of rows for all of them, as no item reads what another
 * writes. `position`: the last (greatest) position appended in the batch, null when nothing was.
 */
export async function runBatch(
  itens: readonly unknown[],
  spec: BatchSpec,
): Promise<{ resultados: BatchItemResult[]; position: number | null }> {
  const fields = new Set(spec.fields);
  const seen = new Map<string, number>();
  const resultados: (BatchItemResult | Promise<BatchItemResult>)[] = [];
  const accepted: Accepted[] = [];
  let position: number | null = null;
  const answer = ({ indice, sku }: Accepted, outcome: SaveOutcome): BatchItemResult => {
    if (!outcome.ok) return refusal(indice, sku, itemError(outcome.error));
    if (outcome.position !== null) position = Math.max(position ?? 0, outcome.position);
    return { indice, sku, ok: true, id: outcome.id, erro: null };
  };
  // 1. Checks of the item alone and of the batch's keys, in body order.
  for (const [indice, item] of itens.entries()) {
    if (!isObject(item)) {
      resultados[indice] = refusal(indice, null, 'o item deve ser um objeto');
      continue;
    }
    const raw = item;
    const sku = spec.sku(raw);
    const unknown = Object.keys(raw).find((key) => !fields.has(key));
    if (unknown !== undefined) {
      resultados[indice] = refusal(indice, sku, `${unknown}: campo desconhecido`);
      continue;
    }
    const keys = spec.keysOf(raw);
    const repeated = keys.find(({ key }) => seen.has(key));
    for (const { key } of keys) if (!seen.has(key)) seen.set(key, indice);
    if (repeated !== undefined) {
      resultados[indice] = refusal(
        indice,
        sku,
        `${repeated.campo}: repetido no lote (item ${seen.get(repeated.key)})`,
      );
      continue;
    }
    const touched = spec.touches(raw);
    const lane = touched === null ? null : [...new Set([...keys.map(({ key }) => key), ...touched])];
    accepted.push({ indice, raw, sku, keys, lane });
  }
  // 2. The items that share nothing, together; the others in their lanes, meanwhile.
  const together = spec.saveTogether ? alone(accepted, spec.togetherChecksReads === true) : [];
  const inLanes = new Set(accepted.filter((item) => !together.includes(item)));
  const lanes = new Lanes(CONCURRENCY);
  const written = new Map<string, number>();
  const runAlone = (item: Accepted) =>
    lanes.run(item.lane, async (): Promise<BatchItemResult> => {
      // A record already written by an earlier item, named now by another key (a supplier
      // matched by tax id, then by id): a repeat too. Only lanes of `null` items reach it.
      const earlier = item.keys.map(({ key }) => written.get(key)).find((i) => i !== undefined);
      if (earlier !== undefined)
        return refusal(item.indice, item.sku, `${item.keys[0]!.campo}: repetido no lote (item ${earlier})`);
      const outcome = await spec.save(item.raw, item.indice);
      if (outcome.ok && !written.has(`id:${outcome.id}`)) written.set(`id:${outcome.id}`, item.indice);
      return answer(item, outcome);
    });
  for (const item of accepted) if (inLanes.has(item)) resultados[item.indice] = runAlone(item);
  if (together.length > 0) {
    const outcomes = await spec.saveTogether!(together.map(({ raw, indice }) => ({ item: raw, indice })));
    together.forEach((item, n) => {
      const outcome = outcomes[n] ?? null;
      resultados[item.indice] = outcome === null ? runAlone(item) : answer(item, outcome);
    });
  }
  return { resultados: await Promise.all(resultados), position };
}

/**
 * A batch's items whose lanes share no key with any other's: none when one item reads anything,
 * unless the together write checks what they read (then their own keys are their lanes).
 */
function alone(items: readonly Accepted[], readsChecked: boolean): Accepted[] {
  const laneOf = (item: Accepted) => item.lane ?? (readsChecked ? item.keys.map(({ key }) => key) : null);
  if (items.some((item) => laneOf(item) === null)) return [];
  const uses = new Map<string, number>();
  for (const item of items) for (const key of laneOf(item)!) uses.set(key, (uses.get(key) ?? 0) + 1);
  const found = items.filter((item) => laneOf(item)!.every((key) => uses.get(key) === 1));
  return found.length > 1 ? found : [];
}

const refusal = (indice: number, sku: string | null, erro: string): BatchItemResult => ({
  indice,
  sku,
  ok: false,
  id: null,
  erro,
});

export const isObject = (item: unknown): item is RawItem =>
  typeof item === 'object' && item !== null && !Array.isArray(item);

/** The item's `sku` when it is text. */
export const skuOf = (item: RawItem): string | null => (typeof item.sku === 'string' ? item.sku : null);

/** Products and supply items are matched by SKU. */
export const skuKeys = (item: RawItem): ItemKey[] => {
  const sku = skuOf(item);
  return sku === null ? [] : [{ campo: 'sku', key: `sku:${sku}` }];
};
