import { defineConfig } from 'vitest/config';

// The summary reporter's own run, on files whose failures happen outside any test (see its test).
export default defineConfig({
  test: {
    root: new URL('../../..', import.meta.url).pathname,
    include: ['test/support/summary-fixture/*.fixture.ts'],
    pool: 'forks',
    reporters: ['./test/support/summary-reporter.ts'],
  },
});
