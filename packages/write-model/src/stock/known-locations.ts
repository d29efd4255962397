import { LRUCache } from 'lru-cache';

/**
 * Locations this process saw active, so that a movement need not ask the database before
 * deciding. Trusted only because the append re-checks them (tenants' inactiveLocationsQuery): a location
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
