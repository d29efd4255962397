import { produtoItemSchema, produtosLote } from '@factory/api';
import { defineRoute, withIdempotency } from '@factory/http';
import {
  isObject,
  type ProductRelations,
  type RawItem,
  runBatch,
  skuKeys,
  skuOf,
} from '@factory/write-model';
import { type CatalogRouteDeps, catalogContextOf } from '../catalog-deps.js';
import { loteAnswer } from '../lote-answer.js';

/**
 * What a product item's decision reads or changes besides its own SKU: the aliases it claims
 * and, when it sends `apelidos`, those it holds now (it may release them); the group head its
 * `variacao.base_sku` names and, when it sends `variacao`, the head of its current group (it
 * may leave it). Items sharing one of these run in body order.
 */
const productTouches =
  (current: ReadonlyMap<string, ProductRelations>) =>
  (item: RawItem): string[] => {
    const now = typeof item.sku === 'string' ? current.get(item.sku) : undefined;
    const claimed = Array.isArray(item.apelidos) ? item.apelidos.filter((a) => typeof a === 'string') : [];
    const aliases = [
      ...claimed.map((a) => a.trim()),
      ...(Object.hasOwn(item, 'apelidos') ? (now?.apelidos ?? []) : []),
    ];
    const touched = aliases.map((a) => `alias:${a}`);
    const variacao = item.variacao as { base_sku?: unknown } | null | undefined;
    if (typeof variacao?.base_sku === 'string') touched.push(`sku:${variacao.base_sku}`);
    if (Object.hasOwn(item, 'variacao') && now?.grupoSku) touched.push(`sku:${now.grupoSku}`);
    return touched;
  };

/**
 * POST /v1/produtos/lote: upserts up to 100 products by SKU; items sharing nothing with another
 * are written together, the others item by item in their lanes.
 */
export const produtosLoteRoute = (deps: CatalogRouteDeps) =>
  defineRoute({
    ...produtosLote,
    handler: ({ body, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        async (key) => {
          const now = deps.clock();
          const contextOf = (indice: number) =>
            catalogContextOf(auth, request, key, now, `produtos/lote#${indice}`);
          const skus = body.itens.map((item) => (isObject(item) ? skuOf(item) : null));
          const current = await deps.catalog.productRelations(
            auth.empresa.id,
            skus.filter((s): s is string => s !== null),
          );
          const batch = await runBatch(body.itens, {
            fields: Object.keys(produtoItemSchema.shape),
            sku: skuOf,
            keysOf: skuKeys,
            touches: productTouches(current),
            save: (item, indice) => deps.catalog.produtosLoteItem(contextOf(indice), item),
            saveTogether: (items) =>
              deps.catalog.produtosLoteTogether(
                items.map(({ item, indice }) => ({ context: contextOf(indice), item })),
              ),
          });
          return loteAnswer(batch);
        },
      ),
  });
