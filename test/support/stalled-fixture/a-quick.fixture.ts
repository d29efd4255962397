import { expect, it } from 'vitest';

// Run only by stalled-file-reporter.int.test.ts, before the stuck file: finished, never named.
it('ends at once', () => {
  expect(1 + 1).toBe(2);
});
