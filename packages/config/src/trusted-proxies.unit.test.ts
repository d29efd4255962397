import { describe, expect, it } from 'vitest';
import { trustedProxiesPiece } from './trusted-proxies.js';

describe('TRUSTED_PROXIES', () => {
  it('reads a comma-separated list of addresses, ranges and range names; unset is none', () => {
    expect(trustedProxiesPiece.parse(undefined)).toEqual([]);
    expect(trustedProxiesPiece.parse('')).toEqual([]);
    expect(trustedProxiesPiece.parse(' loopback , 10.0.0.0/8,::1, fd00::/8,192.0.2.7')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      '192.0.2.7',
    ]);
  });

  it('refuses what is no address, range or name', () => {
    for (const bad of [
      '*',
      'true',
      'example.com',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/8/8',
      '10.0.0/8',
      'nginx',
    ])
      expect(trustedProxiesPiece.safeParse(bad).success, bad).toBe(false);
  });
});
