import { z } from 'zod';

/**
 * Shapes of keyset parts, for `keysetPage({ keyset })`. An instant travels as UTC text with
 * microseconds (PostgreSQL's precision), e.g. `2025-03-01T12:00:00.123456Z`: a JavaScript Date
 * would drop the microseconds and the next page could repeat or skip rows.
 */
export const keysetField = {
  instant: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  uuid: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  text: z.string().max(200),
  integer: z.number().int(),
} as const;
