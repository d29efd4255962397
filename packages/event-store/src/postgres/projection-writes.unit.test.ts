import { describe, expect, it } from 'vitest';
import { type InlineProjection, projected } from '../write-side.js';
import { mergedWrites, standalone } from './projection-writes.js';

const projection = (name: string): InlineProjection<number> => ({
  name,
  write: (rows) => ({ text: `${name}($1)`, values: [rows] }),
});

describe('projection writes', () => {
  it('turns the rows of each projection into one write, projections in the order they first appear', () => {
    const [a, b] = [projection('a'), projection('b')];
    const merged = mergedWrites([projected(b, 1), projected(a, 2), projected(b, 3), projected(a, 4)]);
    expect(merged).toEqual([
      { text: 'b($1)', values: [[1, 3]] },
      { text: 'a($1)', values: [[2, 4]] },
    ]);
    expect(mergedWrites([])).toEqual([]);
  });

  it('runs a write on its own with the events it follows as `appended`, joining a leading WITH', () => {
    const event = { id: 'e', stream: 's', revision: 2, position: 9 };
    const plain = standalone({ text: 'INSERT INTO t SELECT $1 FROM appended', values: ['x'] }, [event]);
    expect(plain.text).toMatch(/^WITH appended \(stream_id, event_id, stream_revision, position\) AS/);
    expect(plain.text).toMatch(/INSERT INTO t SELECT \$5 FROM appended$/);
    expect(plain.values).toEqual([['s'], ['e'], [2], [9], 'x']);
    const withed = standalone(
      { text: 'WITH gone AS (DELETE FROM t WHERE a = $1) SELECT 1', values: [1] },
      [],
    );
    expect(withed.text).toMatch(/^WITH appended .*\),\ngone AS \(DELETE FROM t WHERE a = \$5\) SELECT 1$/s);
    const recursive = standalone(
      { text: 'with recursive r(n) AS (SELECT $1::int) SELECT n FROM r', values: [1] },
      [],
    );
    expect(recursive.text).toMatch(
      /^WITH RECURSIVE appended .*\),\nr\(n\) AS \(SELECT \$5::int\) SELECT n FROM r$/is,
    );
  });
});
