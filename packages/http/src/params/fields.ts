import { z } from 'zod';
import { describeAs } from '../openapi/json-schema.js';

// Query-parameter value schemas: every value arrives as a non-empty string.

const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):?(\d{2}))$/;

/** True for an ISO 8601 instant with an explicit offset and a date and time that exist. */
export function isInstantWithOffset(value: string): boolean {
  const m = INSTANT.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second = 0] = m.slice(1, 7).map((v) => Number(v ?? 0)) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  const dateExists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  // up to ±18:00 as ISO 8601 allows; instantFilterUtc normalises what PostgreSQL would refuse
  const offsetOk = m[7] === undefined || (Number(m[8]) <= 18 && Number(m[9]) <= 59);
  return dateExists && hour! <= 23 && minute! <= 59 && second! <= 59 && offsetOk;
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const isUuid = (value: string): boolean => UUID.test(value);

export const param = {
  /** Page size: 1..200, default 50. */
  limite: describeAs(
    z
      .string()
      .regex(/^[0-9]{1,3}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(200))
      .optional()
      .default(50),
    { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  ),
  /** An instant with an offset; kept as sent, PostgreSQL reads it with full precision. */
  instant: z
    .string()
    .refine(isInstantWithOffset, 'instante ISO 8601 com fuso obrigatório')
    .meta({ format: 'date-time' }),
  uuid: z
    .string()
    .regex(UUID)
    .transform((v) => v.toLowerCase()),
  boolean: z.enum(['true', 'false']).transform((v) => v === 'true'),
  /** Exact text filters (sku, familia, cnpj): U+0000 can match nothing and PostgreSQL refuses it. */
  text: z
    .string()
    .min(1)
    .max(200)
    .refine((v) => !v.includes('\u0000')),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values),
  /** The raw cursor; its content is checked by the cursor codec, which answers cursor_invalido. */
  cursor: z.string(),
} as const;
