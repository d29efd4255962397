import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from './canonical-json.js';

describe('canonical JSON and request fingerprints', () => {
  it('sorts keys at every depth and drops whitespace', () => {
    const a = JSON.parse('{"b": 1, "a": {"y": [2, {"q": 1, "p": 0}], "x": null}}');
    const b = JSON.parse('{"a":{"x":null,"y":[2,{"p":0,"q":1}]},"b":1.0}');
    expect(canonicalJson(a)).toBe('{"a":{"x":null,"y":[2,{"p":0,"q":1}]},"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it('keeps array order and tells values apart', () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson({ 'a"b': 'ç\n' })).toBe('{"a\\"b":"ç\\n"}');
  });

  it('fingerprints method, path and body; an absent body is {}', () => {
    const base = requestFingerprint('POST', '/v1/x', { a: 1 });
    expect(requestFingerprint('post', '/v1/x', { a: 1 }).equals(base)).toBe(true);
    expect(requestFingerprint('PUT', '/v1/x', { a: 1 }).equals(base)).toBe(false);
    expect(requestFingerprint('POST', '/v1/y', { a: 1 }).equals(base)).toBe(false);
    expect(requestFingerprint('POST', '/v1/x', { a: 2 }).equals(base)).toBe(false);
    expect(
      requestFingerprint('POST', '/v1/x', undefined).equals(requestFingerprint('POST', '/v1/x', {})),
    ).toBe(true);
  });

  // Stored with every key: a repeat after an upgrade must still be "the same request".
  it('is the SHA-256 of method, path and canonical body, one per line, in UTF-8', () => {
    expect(requestFingerprint('POST', '/v1/x', { a: 1 }).toString('hex')).toBe(
      '85de538a0f65540ac4252f056e1b7cbc37512d9c801b4069aafc235bfde9f832',
    );
    expect(requestFingerprint('post', '/v1/ação', { b: 'ç😀' }).toString('hex')).toBe(
      'c9a9066d538eef2d5ef9198e48f43958dbf9b55870b3e5608bb091dcdaaf63ff',
    );
  });
});
