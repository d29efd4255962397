export type BearerResult = { kind: 'missing' } | { kind: 'malformed' } | { kind: 'token'; token: string };

// Spaces, tabs and line breaks around the parts are tolerated, and so is a lower-case scheme.
const BEARER = /^\s*bearer[ \t]+(\S+)\s*$/i;

export function readBearer(header: string | undefined): BearerResult {
  if (header === undefined || header.trim() === '') return { kind: 'missing' };
  const match = BEARER.exec(header);
  return match ? { kind: 'token', token: match[1]! } : { kind: 'malformed' };
}
