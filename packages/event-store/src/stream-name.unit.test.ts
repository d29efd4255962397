import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStreamName, STREAM_NAME_PATTERN, streamName, streamPrefix } from './stream-name.js';

const empresa = '0b6f6d1e-4c4d-4f8e-9a59-2f1c1e0d7a10';
const insumo = '7d7a3c1e-1111-4222-8333-944455556666';

describe('stream names', () => {
  it('carry category, company and entity', () => {
    const name = streamName('estoque', empresa, insumo);
    expect(name).toBe(`estoque-${empresa}-${insumo}`);
    expect(parseStreamName(name)).toEqual({ category: 'estoque', companyId: empresa, entityId: insumo });
    expect(name.startsWith(streamPrefix('estoque', empresa))).toBe(true);
  });

  it('refuse parts that would make a name ambiguous', () => {
    expect(() => streamName('esto-que', empresa, insumo)).toThrow(RangeError);
    expect(() => streamName('estoque', 'not-a-uuid', insumo)).toThrow(RangeError);
    expect(() => streamName('estoque', empresa.toUpperCase(), insumo)).toThrow(RangeError);
    expect(() => streamName('estoque', empresa, '')).toThrow(RangeError);
  });

  it('parse back exactly what they were built from', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/),
        fc.uuid(),
        fc.string({ minLength: 1, maxLength: 60 }),
        (category, companyId, entityId) => {
          expect(parseStreamName(streamName(category, companyId, entityId))).toEqual({
            category,
            companyId,
            entityId,
          });
        },
      ),
    );
  });

  it('reject names of another shape', () => {
    for (const name of ['', 'estoque', `estoque-${empresa}`, `estoque-${empresa}-`, `-${empresa}-x`, 'a-b-c'])
      expect(parseStreamName(name)).toBeNull();
  });
});

describe('STREAM_NAME_PATTERN', () => {
  const ours = new RegExp(STREAM_NAME_PATTERN);
  it('matches every name streamName builds, and no system stream', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/),
        fc.uuid().map((u) => u.toLowerCase()),
        fc.string({ minLength: 1 }),
        (category, company, entity) => ours.test(streamName(category, company, entity)),
      ),
    );
    for (const other of ['$all', '$et-Tested.v1', '$$estoque-x', 'estoque-not-a-uuid-1', `$ce-estoque`])
      expect(ours.test(other), other).toBe(false);
  });
});
