import { describe, expect, it } from 'vitest';
import { parseMetadata, storedMetadata, storedProperties } from './recorded-event.js';

const event = {
  id: '0b9c3a4e-8d1f-4c2a-9e7b-1f2d3c4b5a69',
  type: 'Testado.v1',
  data: {},
  metadata: { empresa_id: 'e1', usuario: { id: 7, nome: 'Ana' } },
  created: new Date('2026-11-24T10:00:00.000Z'),
};

describe('KurrentDB metadata', () => {
  it('reads back what either append stored: JSON metadata, or the packed string property', () => {
    const stored = storedMetadata(event);
    expect(parseMetadata(Buffer.from(JSON.stringify(stored)))).toEqual(stored);
    // The multi-stream append takes string properties only; the server adds its own beside ours.
    const properties = storedProperties(event);
    expect(Object.values(properties).every((v) => typeof v === 'string')).toBe(true);
    expect(parseMetadata({ ...properties, '$schema.format': 'Json' })).toEqual(stored);
    expect(parseMetadata(Buffer.from(JSON.stringify(properties)))).toEqual(stored);
  });

  it('reads no metadata as empty', () => {
    expect(parseMetadata(undefined)).toEqual({});
    expect(parseMetadata([1, 2])).toEqual({});
  });
});
