import { insumoItemSchema, insumosLote } from '@factory/api';
import { defineRoute, withIdempotency } from '@factory/http';
import { runBatch, skuKeys, skuOf } from '@factory/write-model';
import { type CatalogRouteDeps, catalogContextOf } from '../catalog-deps.js';
import { loteAnswer } from '../lote-answer.js';

/** POST /v1/insumos/lote: upserts up to 100 supply items by SKU, as one write (items
 * that cannot go together run item by item). */
export const insumosLoteRoute = (deps: CatalogRouteDeps) =>
  defineRoute({
    ...insumosLote,
    handler: ({ body, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        async (key) => {
          const now = deps.clock();
          const contextOf = (indice: number) =>
            catalogContextOf(auth, request, key, now, `insumos/lote#${indice}`);
          const batch = await runBatch(body.itens, {
            fields: Object.keys(insumoItemSchema.shape),
            sku: skuOf,
            keysOf: skuKeys,
            // A supply item's decision reads no other item of the batch.
            touches: () => [],
            save: (item, indice) => deps.catalog.insumosLoteItem(contextOf(indice), item),
            saveTogether: (items) =>
              deps.catalog.insumosLoteTogether(
                items.map(({ item, indice }) => ({ context: contextOf(indice), item })),
              ),
          });
          return loteAnswer(batch);
        },
      ),
  });
