import type { AppendGuard } from '@factory/event-store';
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

/** The append's guard: the keys (as locationKey) of those locations that are not active now. */
export function locationsStillActive(
  locations: ReadonlyArray<{ empresaId: string; localId: string }>,
): AppendGuard {
  return {
    text: `SELECT q.empresa_id::text || '/' || q.local_id::text AS location
             FROM unnest($1::uuid[], $2::uuid[]) AS q(empresa_id, local_id)
            WHERE NOT EXISTS (SELECT 1 FROM locais l
                               WHERE l.id = q.local_id AND l.empresa_id = q.empresa_id AND l.ativo)`,
    values: [locations.map((l) => l.empresaId), locations.map((l) => l.localId)],
  };
}
