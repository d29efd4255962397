import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forwardableUrl } from './forwardable-url.js';

// What @fastify/reply-from refuses before forwarding (lib/utils.js buildURL).
function proxyAccepts(url: string): boolean {
  try {
    const decoded = decodeURIComponent(url);
    return !(decoded === '..' || decoded.includes('/..') || decoded.includes('../'));
  } catch {
    return false;
  }
}

describe('forwardableUrl', () => {
  it('leaves a URL that decodes cleanly as sent', () => {
    for (const url of ['/v1/eu', '/v1/insumos/abc?x=1&y=%20', '/v1/produtos?sku=a%2Bb', '/v1/eu;x=1'])
      expect(forwardableUrl(url)).toBe(url);
  });

  it('escapes what the proxy would refuse, path and query alike (issue 13)', () => {
    expect(forwardableUrl('/v1/produtos/%C0%AE')).toBe('/v1/produtos/%25C0%25AE');
    expect(forwardableUrl('/v1/produtos/..')).toBe('/v1/produtos/%252E%252E');
    expect(forwardableUrl('/v1/produtos/%2e%2e/x')).toBe('/v1/produtos/%252e%252e/x');
    expect(forwardableUrl('/v1/eu?q=%FF')).toBe('/v1/eu?q=%25FF');
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('/', '.', '%', 'C', '0', 'a', '?', '2', 'e', 'E', 'F') }),
        (tail) => {
          expect(proxyAccepts(forwardableUrl(`/v1/${tail}`))).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
