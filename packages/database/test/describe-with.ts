import { describe, inject } from 'vitest';

type Need = 'postgres' | 'redis';

/**
 * `describe` for tests that need real services. When a service is missing the block is
 * skipped and the reason printed, so a skip is never mistaken for a pass.
 */
export function describeWith(needs: Need[], name: string, body: () => void): void {
  const services = inject('testServices');
  const missing = needs.filter((n) => (n === 'postgres' ? !services.pgAdminUrl : !services.redisUrl));
  if (missing.length > 0) {
    console.warn(`SKIPPED "${name}": no ${missing.join(' and ')} reachable (see [test services] lines)`);
    describe.skip(name, body);
    return;
  }
  describe(name, body);
}

export function redisUrl(): string {
  const url = inject('testServices').redisUrl;
  if (!url) throw new Error('no Redis for tests');
  return url;
}
