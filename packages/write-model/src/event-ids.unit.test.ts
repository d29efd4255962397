import { describe, expect, it } from 'vitest';
import { eventIdsFor, uuidV5 } from './event-ids.js';

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('event ids', () => {
  it('derive from token, key and index when a key is given', () => {
    const once = eventIdsFor({ tokenId: 'token-a', idempotencyKey: 'k-1' });
    const again = eventIdsFor({ tokenId: 'token-a', idempotencyKey: 'k-1' });
    expect(once(0)).toBe(again(0));
    expect(once(0)).toMatch(UUID_V5);
    expect(once(1)).not.toBe(once(0));
    expect(eventIdsFor({ tokenId: 'token-b', idempotencyKey: 'k-1' })(0)).not.toBe(once(0));
    expect(eventIdsFor({ tokenId: 'token-a', idempotencyKey: 'k-2' })(0)).not.toBe(once(0));
  });

  it('does not let the separator be forged by the key', () => {
    const a = eventIdsFor({ tokenId: 'a', idempotencyKey: 'b\n0' })(0);
    const b = eventIdsFor({ tokenId: 'a\nb', idempotencyKey: '0' })(0);
    expect(a).not.toBe(b);
  });

  it('are random without a key, but stable per index within one command', () => {
    const ids = eventIdsFor({ tokenId: 'token-a', idempotencyKey: null });
    expect(ids(0)).toBe(ids(0));
    expect(eventIdsFor({ tokenId: 'token-a', idempotencyKey: null })(0)).not.toBe(ids(0));
  });

  it('keeps the version 5 layout', () => {
    expect(uuidV5('x')).toMatch(UUID_V5);
  });

  // Fixed for ever: a stored event's id must come out the same for its retry. The values are
  // RFC 4122's uuid5 in our namespace (Python's uuid.uuid5 gives the same).
  it('gives the standard version 5 uuids of our namespace', () => {
    expect(uuidV5('x')).toBe('f10f7820-222c-5f61-bb52-cb271690c2e9');
    expect(uuidV5('["token-a","k-1",0]')).toBe('6b696b1d-d3ce-536a-99d8-75b4a4d720a0');
    expect(uuidV5('ação ✓ 😀')).toBe('11fd179e-88f3-5c19-b70c-4c67db04a76e');
  });
});
