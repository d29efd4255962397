import { beforeAll, describe, expect, it } from 'vitest';

// The summary reporter's own run (see its test): a block whose beforeAll fails, so its tests never run.
describe('a block whose set-up fails', () => {
  beforeAll(() => {
    throw new Error('set-up failed on purpose');
  });
  it('never runs (one)', () => expect(1).toBe(1));
  it('never runs (two)', () => expect(1).toBe(1));
});

it('passes', () => expect(1).toBe(1));
it.skip('is skipped on purpose', () => expect(1).toBe(1));
