import { z } from 'zod';

/**
 * The OpenAPI extension naming a field monetary: `null` for a token without `custos:ler`. zod's
 * metadata carries it, so the same mark drives the run-time nulling and the description.
 */
export const COST_MARK = 'x-svc-custo';

/** Marks a field of a resource schema as a cost (reais), shown only with `custos:ler`. */
export function cost<T extends z.ZodType>(schema: T): T {
  return schema.meta({ [COST_MARK]: true });
}

const isCost = (schema: z.ZodType) => z.globalRegistry.get(schema)?.[COST_MARK] === true;

/** Sets every cost field of a value shaped by the schema to null, in place. */
export type CostMask = (value: unknown) => void;

/**
 * The mask of a response schema, or null when nothing in it is a cost. Built once per route
 * from the schema's own marks: objects, arrays, nullable, optional, defaults, pipes and unions.
 */
export function costMaskOf(schema: z.ZodType): CostMask | null {
  if (schema instanceof z.ZodObject) {
    const fields: Array<[string, CostMask | 'null']> = [];
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      if (isCost(field)) fields.push([key, 'null']);
      else {
        const inner = costMaskOf(field);
        if (inner) fields.push([key, inner]);
      }
    }
    if (fields.length === 0) return null;
    return (value) => {
      if (value === null || typeof value !== 'object') return;
      const record = value as Record<string, unknown>;
      for (const [key, mask] of fields) {
        if (!(key in record)) continue;
        if (mask === 'null') record[key] = null;
        else mask(record[key]);
      }
    };
  }
  if (schema instanceof z.ZodArray) {
    const inner = costMaskOf(schema.element as z.ZodType);
    if (!inner) return null;
    return (value) => {
      if (Array.isArray(value)) for (const item of value) inner(item);
    };
  }
  if (schema instanceof z.ZodUnion) {
    const masks = (schema.options as z.ZodType[]).map(costMaskOf).filter((m) => m !== null);
    if (masks.length === 0) return null;
    return (value) => {
      for (const mask of masks) mask(value);
    };
  }
  if (schema instanceof z.ZodPipe) return costMaskOf(schema.out as z.ZodType);
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
    return costMaskOf(schema.unwrap() as z.ZodType);
  return null;
}
