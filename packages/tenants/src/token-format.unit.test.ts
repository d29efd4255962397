import { describe, expect, it } from 'vitest';
import {
  generateToken,
  hashToken,
  looksLikeToken,
  TOKEN_PREFIX,
  tokenHashText,
  tokenPrefixo,
} from './token-format.js';

describe('generateToken', () => {
  it('makes 55-character tokens with the fixed prefix, in the expected format', () => {
    for (let i = 0; i < 200; i++) {
      const token = generateToken();
      expect(token).toHaveLength(55);
      expect(token.startsWith(TOKEN_PREFIX)).toBe(true);
      expect(looksLikeToken(token)).toBe(true);
    }
  });

  it('never repeats and uses the whole alphabet', () => {
    const tokens = Array.from({ length: 500 }, generateToken);
    expect(new Set(tokens).size).toBe(tokens.length);
    const seen = new Set(tokens.flatMap((t) => [...t.slice(TOKEN_PREFIX.length)]));
    expect(seen.size).toBe(62);
  });
});

describe('looksLikeToken', () => {
  const good = `svc_live_${'a'.repeat(46)}`;

  it('accepts the exact format only', () => {
    expect(looksLikeToken(good)).toBe(true);
    expect(looksLikeToken(`${good}a`)).toBe(false);
    expect(looksLikeToken(good.slice(0, -1))).toBe(false);
    expect(looksLikeToken(`svc_test_${'a'.repeat(46)}`)).toBe(false);
    expect(looksLikeToken(`svc_live_${'a'.repeat(45)}-`)).toBe(false);
    expect(looksLikeToken(` ${good}`)).toBe(false);
    expect(looksLikeToken(`${good}\n`)).toBe(false);
  });
});

describe('hashToken and tokenPrefixo', () => {
  it('hashes with SHA-256 and keeps the first 20 characters', () => {
    const token = `svc_live_${'b'.repeat(46)}`;
    expect(hashToken(token)).toHaveLength(32);
    expect(hashToken(token).equals(hashToken(token))).toBe(true);
    expect(hashToken('abc').toString('hex')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(tokenPrefixo(token)).toBe('svc_live_bbbbbbbbbbb');
  });

  it('gives the same hash as text, for the cache key', () => {
    const token = generateToken();
    expect(tokenHashText(token)).toBe(hashToken(token).toString('base64'));
    expect(tokenHashText('abc')).toBe('ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=');
  });
});
