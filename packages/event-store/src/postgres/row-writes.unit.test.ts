import { describe, expect, it } from 'vitest';
import { mergeRowWrites, type RowWriteKind, rowWrite } from './row-writes.js';

const kind = (name: string): RowWriteKind<number> => ({
  write: (rows) => ({ text: `${name}($1)`, values: [rows] }),
});

describe('row writes', () => {
  it('turns the rows of each kind into one write, kinds in the order they first appear', () => {
    const [a, b] = [kind('a'), kind('b')];
    const merged = mergeRowWrites([rowWrite(b, 1), rowWrite(a, 2), rowWrite(b, 3), rowWrite(a, 4)]);
    expect(merged).toEqual([
      { text: 'b($1)', values: [[1, 3]] },
      { text: 'a($1)', values: [[2, 4]] },
    ]);
    expect(mergeRowWrites([])).toEqual([]);
  });
});
