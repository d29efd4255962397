import type { Pool } from '@factory/database';
import type { WriteCheck } from '@factory/event-store';
import { LRUCache } from 'lru-cache';

export const locationKey = (empresaId: string, localId: string) => `${empresaId}/${localId}`;

/**
 * Locations this process saw active, so that a movement need not ask the database before
 * deciding. Trusted only because the append re-checks them (`locationsStillActive`): a location
 * deactivated meanwhile stops the append, is forgotten here and is loaded again. A location not
 * in here is always read from the database, so no refusal ever rests on memory.
 */
export interface KnownLocations {
  has(key: string): boolean;
  add(key: string): void;
  forget(key: string): void;
}

export function createKnownLocations(max: number): KnownLocations {
  const known = new LRUCache<string, true>({ max });
  return {
    has: (key) => known.has(key),
    add: (key) => void known.set(key, true),
    forget: (key) => void known.delete(key),
  };
}

/** The append's check: it fails with the keys (as locationKey) of those not active by then. */
export const locationsStillActive = (
  locations: ReadonlyArray<{ empresaId: string; localId: string }>,
): WriteCheck => ({ kind: 'active_locations', locations });

/** Which of these locations are active ones of their company, as locationKey. */
export async function readActiveLocations(
  pool: Pool,
  locations: ReadonlyArray<{ empresaId: string; localId: string }>,
): Promise<Set<string>> {
  if (locations.length === 0) return new Set();
  const { rows } = await pool.query<{ location: string }>({
    name: 'stock-active-locations',
    text: `SELECT l.empresa_id::text || '/' || l.id::text AS location
             FROM unnest($1::uuid[], $2::uuid[]) AS q(empresa_id, local_id)
             JOIN locais l ON l.id = q.local_id AND l.empresa_id = q.empresa_id AND l.ativo`,
    values: [locations.map((l) => l.empresaId), locations.map((l) => l.localId)],
  });
  return new Set(rows.map((row) => row.location));
}
