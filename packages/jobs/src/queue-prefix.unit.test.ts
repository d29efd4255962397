import { describe, expect, it } from 'vitest';
import { queuePrefixFor } from './queue-prefix.js';

describe('queue prefix', () => {
  it('is one per database, whatever the credentials, and carries none', () => {
    const a = queuePrefixFor('postgres://u:secret@db:5432/fabrica');
    expect(a).toMatch(/^factory-[0-9a-f]{12}$/);
    expect(a).not.toContain('secret');
    expect(queuePrefixFor('postgres://other:pw@db/fabrica')).toBe(a);
    expect(queuePrefixFor('postgres://u:secret@db:5432/outra')).not.toBe(a);
    expect(queuePrefixFor('postgres://u:secret@db2:5432/fabrica')).not.toBe(a);
  });
});
