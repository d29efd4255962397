import { z } from 'zod';

/**
 * How a schema is described where its zod form says less than what a client sends: a query
 * value arrives as text, so `limite` is parsed from a digit string, but a client sends an integer.
 */
const described = new WeakMap<object, Record<string, unknown>>();

/** Describes `schema` in /v1/openapi.json as `jsonSchema` instead of what zod would derive. */
export function describeAs<T extends z.ZodType>(schema: T, jsonSchema: Record<string, unknown>): T {
  described.set(schema, jsonSchema);
  return schema;
}

/**
 * A zod schema as an OpenAPI 3.1 schema object: JSON Schema 2020-12 without the `$schema` key,
 * which OpenAPI-3.0-era tools refuse inside a description.
 */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const replacement = described.get(zodSchema);
      if (!replacement) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
      Object.assign(jsonSchema, replacement);
    },
  }) as Record<string, unknown>;
  return rest;
}
