import { describe, expect, it } from 'vitest';
import { formatInstant, jsonDocument, table } from './output.js';

describe('output', () => {
  it('writes instants in UTC with +00:00', () => {
    expect(formatInstant(new Date('2030-01-02T03:04:05.678Z'))).toBe('2030-01-02T03:04:05.678+00:00');
  });

  it('prints one JSON line', () => {
    expect(jsonDocument({ id: 'x' })).toBe('{"id":"x"}\n');
  });

  it('pads table columns to the widest cell', () => {
    expect(
      table(
        ['id', 'nome'],
        [
          ['1', 'Ana'],
          ['22', 'B'],
        ],
      ),
    ).toBe('id  nome\n--  ----\n1   Ana\n22  B');
  });
});
