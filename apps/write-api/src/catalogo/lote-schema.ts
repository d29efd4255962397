import { z } from 'zod';

export const MAX_ITENS = 100;

const ITENS = `itens deve ser uma lista de 1 a ${MAX_ITENS} itens`;

/**
 * The body of `POST .../lote`: `{itens}` and nothing else. Each item is checked on its own (a
 * refused item never stops the others), so the array takes any value; the item's schema is
 * only attached for the OpenAPI description.
 */
export function loteBody(item: z.ZodObject) {
  const { $schema: _draft, ...itemDoc } = z.toJSONSchema(item, { io: 'input' }) as Record<string, unknown>;
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
