/**
 * On every answer of a server-to-server API: nothing is cached by a proxy or a browser (answers
 * carry company data and cost), and no client guesses a content type.
 */
export const RESPONSE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;
