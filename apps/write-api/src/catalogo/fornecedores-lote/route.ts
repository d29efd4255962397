import { defineRoute, withIdempotency } from '@factory/http';
import { z } from 'zod';
import { type CatalogoDeps, catalogContextOf } from '../catalogo-deps.js';
import { loteAnswer } from '../lote-answer.js';
import { loteBody, loteResponse, optionalText } from '../lote-schema.js';
import { type ItemKey, type RawItem, runBatch } from '../run-batch.js';

/** A supplier item as documented; `contato_*` and `email_xml` are write-only. */
export const fornecedorItemSchema = z.strictObject({
  id: z.uuid().optional(),
  nome: z.string().optional(),
  cnpj: optionalText,
  regime: z.enum(['simples', 'normal']).nullable().optional(),
  uf: optionalText,
  lead_time_dias: z.number().int().nullable().optional(),
  condicao_pagamento: z.array(z.number().int()).nullable().optional(),
  ativo: z.boolean().optional(),
  contato_nome: optionalText,
  contato_telefone: optionalText,
  email_xml: optionalText,
});

/** Suppliers are matched by `id`, else by tax id (punctuation ignored); neither: a new one. */
const supplierKeys = (item: RawItem): ItemKey[] => {
  const keys: ItemKey[] = [];
  if (typeof item.id === 'string') keys.push({ campo: 'id', key: `id:${item.id.toLowerCase()}` });
  if (typeof item.cnpj === 'string' && item.cnpj.replace(/\D/g, '') !== '')
    keys.push({ campo: 'cnpj', key: `cnpj:${item.cnpj.replace(/\D/g, '')}` });
  return keys;
};

/** POST /v1/fornecedores/lote: upserts up to 100 suppliers, item by item. */
export const fornecedoresLoteRoute = (deps: CatalogoDeps) =>
  defineRoute({
    method: 'POST',
    url: '/v1/fornecedores/lote',
    scope: 'fornecedores:escrever',
    summary: 'Cria ou atualiza até 100 fornecedores, casados pelo id, senão pelo cnpj',
    body: loteBody(fornecedorItemSchema),
    examples: {
      body: {
        itens: [
          {
            nome: 'Malharia Sul Ltda',
            cnpj: '11.222.333/0001-81',
            regime: 'normal',
            uf: 'SC',
            lead_time_dias: 12,
            condicao_pagamento: [30, 60],
          },
        ],
      },
      response: {
        resultados: [
          { indice: 0, sku: null, ok: true, id: '0d1c2b3a-4f5e-4d6c-8b7a-9f8e7d6c5b4a', erro: null },
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
            fields: Object.keys(fornecedorItemSchema.shape),
            sku: () => null,
            keysOf: supplierKeys,
            // Which supplier an item names is known only once resolved (by id, else tax id):
            // one after the other, so two items naming one supplier are always told apart.
            touches: () => null,
            save: (item, indice) =>
              deps.catalog.saveSupplier(
                catalogContextOf(auth, request, key, now, `fornecedores/lote#${indice}`),
                item,
              ),
          });
          return loteAnswer(batch);
        },
      ),
  });
