/**
 * Stream names carry the company (invariant 8): `<category>-<companyId>-<entityId>`, for
 * example `estoque-<empresa>-<insumo>`. The category has no hyphen and the company id is a
 * uuid, so a name parses back unambiguously even when the entity id holds hyphens.
 */
export interface StreamNameParts {
  category: string;
  companyId: string;
  entityId: string;
}

const CATEGORY = /^[a-z][a-z0-9_]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUID_LENGTH = 36;

/**
 * Every name `streamName` builds, as a regular expression (no flags): what a log holding other
 * streams too (KurrentDB's system streams) is filtered to, server-side.
 */
export const STREAM_NAME_PATTERN =
  '^[a-z][a-z0-9_]*-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-.';

export function streamName(category: string, companyId: string, entityId: string): string {
  if (entityId.length === 0) throw new RangeError('empty entity id');
  return `${streamPrefix(category, companyId)}${entityId}`;
}

/** What every stream of one category and company starts with (filters, scans, KurrentDB prefixes). */
export function streamPrefix(category: string, companyId: string): string {
  if (!CATEGORY.test(category)) throw new RangeError(`bad stream category: ${category}`);
  if (!UUID.test(companyId)) throw new RangeError(`company id is not a lower-case uuid: ${companyId}`);
  return `${category}-${companyId}-`;
}

/** The parts of a stream name, or null when it was not built by `streamName`. */
export function parseStreamName(stream: string): StreamNameParts | null {
  const dash = stream.indexOf('-');
  if (dash < 0) return null;
  const category = stream.slice(0, dash);
  const companyId = stream.slice(dash + 1, dash + 1 + UUID_LENGTH);
  const entityId = stream.slice(dash + 2 + UUID_LENGTH);
  if (!CATEGORY.test(category) || !UUID.test(companyId)) return null;
  if (stream[dash + 1 + UUID_LENGTH] !== '-' || entityId.length === 0) return null;
  return { category, companyId, entityId };
}
