import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for address ranges (Fastify's `trustProxy` understands them). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of the names above. */
function isTrustEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUSTED_PROXIES: the peers whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed, as a
 * comma-separated list of addresses, CIDR ranges and the names `loopback`, `linklocal`,
 * `uniquelocal`. Unset or empty: none; a process then logs its peer's address as the client's.
 */
export const trustedProxiesPiece = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .refine((entries) => entries.every(isTrustEntry), {
    message: 'a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
  });
