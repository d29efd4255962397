import { fornecedoresLote, fornecedorItemSchema } from '@factory/api';
import { defineRoute, withIdempotency } from '@factory/http';
import { type ItemKey, type RawItem, runBatch } from '@factory/write-model';
import { type CatalogRouteDeps, catalogContextOf } from '../catalog-deps.js';
import { loteAnswer } from '../lote-answer.js';

/** Suppliers are matched by `id`, else by tax id (punctuation ignored); neither: a new one. */
const supplierKeys = (item: RawItem): ItemKey[] => {
  const keys: ItemKey[] = [];
  if (typeof item.id === 'string') keys.push({ campo: 'id', key: `id:${item.id.toLowerCase()}` });
  if (typeof item.cnpj === 'string' && item.cnpj.replace(/\D/g, '') !== '')
    keys.push({ campo: 'cnpj', key: `cnpj:${item.cnpj.replace(/\D/g, '')}` });
  return keys;
};

/** POST /v1/fornecedores/lote: upserts up to 100 suppliers, as one write unless one
 * item reads what another writes (then item by item, in body order). */
export const fornecedoresLoteRoute = (deps: CatalogRouteDeps) =>
  defineRoute({
    ...fornecedoresLote,
    handler: ({ body, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        async (key) => {
          const now = deps.clock();
          const contextOf = (indice: number) =>
            catalogContextOf(auth, request, key, now, `fornecedores/lote#${indice}`);
          const batch = await runBatch(body.itens, {
            fields: Object.keys(fornecedorItemSchema.shape),
            sku: () => null,
            keysOf: supplierKeys,
            // Which supplier an item names is known only once resolved (by id, else tax id):
            // one after the other, so two items naming one supplier are always told apart.
            touches: () => null,
            save: (item, indice) => deps.catalog.fornecedoresLoteItem(contextOf(indice), item),
            // Together, the write model tells when one item reads what another writes.
            togetherChecksReads: true,
            saveTogether: (items) =>
              deps.catalog.fornecedoresLoteTogether(
                items.map(({ item, indice }) => ({ context: contextOf(indice), item })),
              ),
          });
          return loteAnswer(batch);
        },
      ),
  });
