import type { ProdutoEvent, ProdutoState } from '@factory/domain';
import { type ProjectedRow, projected, type UniquenessChange } from '@factory/event-store';
import type { AppendedEvent } from '../stream-command.js';
import { activeBillRowOf, activeBillsTable } from './tables/active-bills-table.js';
import { productAliasesRowOf, productAliasesTable } from './tables/product-aliases-table.js';
import { productRowOf, productsTable } from './tables/products-table.js';

/**
 * The write-side rows of a product's events (data for the store, in order): its record (SKU,
 * variation, manual cost, deletion), its aliases and its active bill (the company's bill graph).
 */
export function productRows(
  empresaId: string,
  events: readonly AppendedEvent<ProdutoEvent>[],
): ProjectedRow[] {
  return events.flatMap((event) => productRowsTogether(empresaId, [event]));
}

/**
 * The rows of events of distinct products, one event each (a batch's items decided together):
 * one set of records and one of aliases, each written as one statement, then the bills.
 */
export function productRowsTogether(
  empresaId: string,
  events: readonly AppendedEvent<ProdutoEvent>[],
): ProjectedRow[] {
  const records = events.flatMap((event) => productRowOf(empresaId, event) ?? []);
  const aliases = events.flatMap((event) => productAliasesRowOf(empresaId, event) ?? []);
  const bills = events.flatMap((event) => activeBillRowOf(empresaId, event) ?? []);
  return [
    ...(records.length > 0 ? [projected(productsTable, records)] : []),
    ...(aliases.length > 0 ? [projected(productAliasesTable, aliases)] : []),
    ...bills.map((bill) => projected(activeBillsTable, bill)),
  ];
}

/** The SKU and aliases a product's events claim and release, from the state they were decided on. */
export function productKeys(
  empresaId: string,
  events: readonly ProdutoEvent[],
  decidedOn: ProdutoState,
): UniquenessChange[] {
  let aliases = new Set(decidedOn.produto?.apelidos ?? []);
  let sku = decidedOn.produto?.sku ?? null;
  const changes: UniquenessChange[] = [];
  const key = (scope: 'produto_sku' | 'produto_apelido', value: string) => ({ scope, empresaId, value });
  for (const event of events) {
    const owner = event.data.produto_id;
    const setAliases = (next: readonly string[]) => {
      const wanted = new Set(next);
      for (const a of aliases)
        if (!wanted.has(a)) changes.push({ op: 'release', key: key('produto_apelido', a), owner });
      for (const a of wanted)
        if (!aliases.has(a)) changes.push({ op: 'claim', key: key('produto_apelido', a), owner });
      aliases = wanted;
    };
    if (event.type === 'ProdutoCadastrado.v1') {
      sku = event.data.sku;
      changes.push({ op: 'claim', key: key('produto_sku', sku), owner });
      setAliases(event.data.apelidos);
    } else if (event.type === 'ProdutoAlterado.v1' && Object.hasOwn(event.data.alteracoes, 'apelidos'))
      setAliases(event.data.alteracoes.apelidos ?? []);
    else if (event.type === 'ProdutoExcluido.v1') {
      if (sku !== null) changes.push({ op: 'release', key: key('produto_sku', sku), owner });
      setAliases([]);
    }
  }
  return changes;
}
