import type { Queryable } from './db.js';

/** A location named by its company and id, as a write names it. */
export interface LocationRef {
  empresaId: string;
  localId: string;
}

/** How the queries below name a location in their answers: `empresaId/localId`. */
export const locationKey = (empresaId: string, localId: string) => `${empresaId}/${localId}`;

const pairs = (locations: readonly LocationRef[]) => [
  locations.map((l) => l.empresaId),
  locations.map((l) => l.localId),
];

// Lateral probes by key, here and in the guard below: both run as named statements, whose plans
// made on a fresh database would otherwise keep scanning `locais` as it grows (why: packages/
// event-store README, "Writing").
const ACTIVE = `SELECT l.empresa_id::text || '/' || l.id::text AS location
  FROM unnest($1::uuid[], $2::uuid[]) AS q(empresa_id, local_id)
  CROSS JOIN LATERAL (SELECT l.empresa_id, l.id FROM locais l
                       WHERE l.id = q.local_id AND l.empresa_id = q.empresa_id AND l.ativo LIMIT 1) AS l`;

/** readActiveLocations' one statement, named. */
export const activeLocationsQuery = (locations: readonly LocationRef[]) => ({
  name: 'tenants-active-locations',
  text: ACTIVE,
  values: pairs(locations),
});

/** Which of these are active locations of their own company, as locationKey. */
export async function readActiveLocations(
  db: Queryable,
  locations: readonly LocationRef[],
): Promise<Set<string>> {
  if (locations.length === 0) return new Set();
  const { rows } = await db.query<{ location: string }>(activeLocationsQuery(locations));
  return new Set(rows.map((row) => row.location));
}

/**
 * The guard "these are all active locations of their company" as one statement, for a caller
 * that runs it inside its own statement or transaction (the append of a stock movement): its
 * rows, one `location` (as locationKey) each, are the locations that are not.
 */
export function inactiveLocationsQuery(locations: readonly LocationRef[]): {
  text: string;
  values: unknown[];
} {
  return {
    text: `SELECT q.empresa_id::text || '/' || q.local_id::text AS location
             FROM unnest($1::uuid[], $2::uuid[]) AS q(empresa_id, local_id)
             LEFT JOIN LATERAL (SELECT true AS active FROM locais l
                                 WHERE l.id = q.local_id AND l.empresa_id = q.empresa_id AND l.ativo
                                 LIMIT 1) AS l ON true
            WHERE l.active IS NULL`,
    values: pairs(locations),
  };
}
