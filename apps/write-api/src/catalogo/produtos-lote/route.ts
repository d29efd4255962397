import { defineRoute, withIdempotency } from '@factory/http';
import type { ProductRelations } from '@factory/write-model';
import { z } from 'zod';
import { type CatalogoDeps, catalogContextOf } from '../catalogo-deps.js';
import { loteAnswer } from '../lote-answer.js';
import { loteBody, loteResponse, optionalNumber, optionalText } from '../lote-schema.js';
import { isObject, type RawItem, runBatch, skuKeys, skuOf } from '../run-batch.js';

/** A product item as documented; the product decider checks every value and names the field. */
export const produtoItemSchema = z.strictObject({
  sku: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
  nome: z.string().optional(),
  familia: optionalText,
  atributos: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  ean: optionalText,
  ncm: optionalText,
  status: z.enum(['ativo', 'inativo']).optional(),
  tipo: z.enum(['produto', 'kit']).optional(),
  apelidos: z.array(z.string()).optional(),
  peso_kg: optionalNumber,
  peso_cubado_kg: optionalNumber,
  largura_cm: optionalNumber,
  altura_cm: optionalNumber,
  comprimento_cm: optionalNumber,
  ipi_pct: optionalNumber,
  icms_pct: optionalNumber,
  importado: z.boolean().optional(),
  custo_manual: optionalNumber,
  variacao: z
    .strictObject({ base_sku: z.string(), eixos: z.array(z.string()) })
    .nullable()
    .optional(),
});

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

/** POST /v1/produtos/lote: upserts up to 100 products by SKU, item by item. */
export const produtosLoteRoute = (deps: CatalogoDeps) =>
  defineRoute({
    method: 'POST',
    url: '/v1/produtos/lote',
    scope: 'produtos:escrever',
    summary: 'Cria ou atualiza até 100 produtos, casados pelo sku',
    body: loteBody(produtoItemSchema),
    response: loteResponse,
    examples: {
      body: {
        itens: [
          { sku: 'CAM-AZ-M', nome: 'Camiseta azul M', familia: 'camisetas', ean: '7891000315507' },
          { sku: 'CAM-AZ-G', nome: 'Camiseta azul G', familia: 'camisetas', ean: '123' },
        ],
      },
      response: {
        resultados: [
          { indice: 0, sku: 'CAM-AZ-M', ok: true, id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d', erro: null },
          {
            indice: 1,
            sku: 'CAM-AZ-G',
            ok: false,
            id: null,
            erro: 'ean: deve ser um GTIN-8, 12, 13 ou 14 com dígito verificador válido',
          },
        ],
      },
    },
    handler: ({ body, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        async (key) => {
          const now = deps.clock();
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
            save: (item, indice) =>
              deps.catalog.saveProduct(
                catalogContextOf(auth, request, key, now, `produtos/lote#${indice}`),
                item,
              ),
          });
          return loteAnswer(batch);
        },
      ),
  });
