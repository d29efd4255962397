import { hasCredentialInUrl } from '../auth/credential-in-url.js';

const REDACTED = '[redacted]';
// A token's prefix and whatever follows it in the token's alphabet.
const TOKEN_TEXT = /svc_live_[A-Za-z0-9]*/g;

/**
 * The path a request is logged under: never its query string, and not even the path when the URL
 * carries a credential (`/v1/eu/<token>`, `/v1/eu;token=…`), since such a request is refused
 * as `token_na_url` anyway.
 */
export function loggedPath(url: string): string {
  return hasCredentialInUrl(url) ? REDACTED : url.split('?')[0]!;
}

/** Last line of defence, on every serialised log line: no token text, whatever logged it. */
export const scrubTokens = (line: string): string => line.replace(TOKEN_TEXT, `svc_live_${REDACTED}`);

/**
 * Errors are logged by kind, message, code and stack only: their other properties (a parser's
 * raw packet, a database error's detail row) may hold a token or a monetary value.
 */
export function loggedError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  return {
    type: error.constructor.name,
    message: error.message,
    code: (error as { code?: unknown }).code,
    stack: error.stack,
  };
}
