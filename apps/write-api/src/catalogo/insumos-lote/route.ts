import { defineRoute, withIdempotency } from '@factory/http';
import { z } from 'zod';
import { type CatalogoDeps, catalogContextOf } from '../catalogo-deps.js';
import { loteAnswer } from '../lote-answer.js';
import { loteBody, loteResponse, optionalNumber, optionalText } from '../lote-schema.js';
import { runBatch, skuKeys, skuOf } from '../run-batch.js';

/** A supply item as documented; the supply item decider checks every value and names the field. */
export const insumoItemSchema = z.strictObject({
  sku: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
  nome: z.string().optional(),
  familia: optionalText,
  ativo: z.boolean().optional(),
  unidade_compra: z.string().optional(),
  unidade_consumo: z.string().optional(),
  fator_conversao: z.number().optional(),
  ncm: optionalText,
  minimo: optionalNumber,
  lead_time_dias: z.number().int().nullable().optional(),
  fornecedor_padrao_id: z.uuid().nullable().optional(),
  custo_referencia: optionalNumber,
});

/** POST /v1/insumos/lote: upserts up to 100 supply items by SKU, item by item. */
export const insumosLoteRoute = (deps: CatalogoDeps) =>
  defineRoute({
    method: 'POST',
    url: '/v1/insumos/lote',
    scope: 'insumos:escrever',
    summary: 'Cria ou atualiza até 100 insumos, casados pelo sku',
    body: loteBody(insumoItemSchema),
    examples: {
      body: {
        itens: [
          {
            sku: 'TEC-MAL-AZ',
            nome: 'Tecido malha azul',
            unidade_compra: 'kg',
            unidade_consumo: 'm',
            fator_conversao: 3.2,
            custo_referencia: 38.5,
          },
        ],
      },
      response: {
        resultados: [
          { indice: 0, sku: 'TEC-MAL-AZ', ok: true, id: '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f', erro: null },
        ],
      },
    },
    response: loteResponse,
    handler: ({ body, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        async (key) => {
          const now = deps.clock();
          const batch = await runBatch(body.itens, {
            fields: Object.keys(insumoItemSchema.shape),
            sku: skuOf,
            keysOf: skuKeys,
            // A supply item's decision reads no other item of the batch.
            touches: () => [],
            save: (item, indice) =>
              deps.catalog.saveSupplyItem(
                catalogContextOf(auth, request, key, now, `insumos/lote#${indice}`),
                item,
              ),
          });
          return loteAnswer(batch);
        },
      ),
  });
