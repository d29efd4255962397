import { openApiSchema } from '@factory/http';
import { z } from 'zod';

export const MAX_ITENS = 100;

const ITENS = `itens deve ser uma lista de 1 a ${MAX_ITENS} itens`;

const ITEM = [
  'Um item na forma do primeiro esquema. Cada item é verificado sozinho: um item fora dele é',
  'recusado em `resultados` (`ok: false`, `erro`), sem impedir os outros, e o lote responde 200.',
  'Por isso o item aceita qualquer valor aqui; só um corpo fora de `{itens}` com 1 a 100 itens',
  'recusa o lote inteiro (422 `validacao`).',
].join(' ');

/**
 * The body of `POST .../lote`: `{itens}` and nothing else. Each item is checked on its own (a
 * refused item never stops the others), so the array takes any value; the item's schema is
 * attached for the OpenAPI description as the first branch of an anyOf whose second branch
 * accepts anything, so a validating proxy passes what the service answers item by item.
 */
export function loteBody(item: z.ZodObject) {
  const itemDoc = { anyOf: [openApiSchema(item, 'input'), {}], description: ITEM };
  return z.strictObject({
    itens: z
      .array(z.unknown().meta(itemDoc), { error: ITENS })
      .min(1, { error: ITENS })
      .max(MAX_ITENS, { error: ITENS }),
  });
}

export const resultadoSchema = z.object({
  indice: z.number().int(),
  sku: z.string().nullable(),
  ok: z.boolean(),
  id: z.uuid().nullable(),
  erro: z.string().nullable(),
});

export type Resultado = z.output<typeof resultadoSchema>;

export const loteResponse = z.object({ resultados: z.array(resultadoSchema) });

// Shapes shared by the item schemas (documentation; the deciders check every value).
export const optionalText = z.string().nullable().optional();
export const optionalNumber = z.number().nullable().optional();
