import { defineConfig } from 'vitest/config';

// The stalled-file reporter's own run, on a file that never ends (see its test).
export default defineConfig({
  test: {
    root: new URL('../../..', import.meta.url).pathname,
    include: ['test/support/stalled-fixture/stuck.fixture.ts'],
    pool: 'forks',
    reporters: ['default', './test/support/stalled-file-reporter.ts'],
  },
});
