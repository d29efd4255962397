import { inactiveLocationsQuery, type LocationRef } from '@factory/tenants';
import { LRUCache } from 'lru-cache';

// Locations belong to @factory/tenants: the write side reads them only through its queries.
export { locationKey, readActiveLocations } from '@factory/tenants';

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

/** The append's guard: its rows name (as locationKey) the locations not active by then. */
export const locationsStillActive = (locations: readonly LocationRef[]) => inactiveLocationsQuery(locations);
