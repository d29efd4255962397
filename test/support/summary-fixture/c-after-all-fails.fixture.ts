import { afterAll, expect, it } from 'vitest';

// The summary reporter's own run (see its test): every test passes, then the file's clean-up fails.
afterAll(() => {
  throw new Error('clean-up failed on purpose');
});

it('passes before a failing clean-up', () => expect(1).toBe(1));
