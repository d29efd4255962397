import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/testing/src/cleanup-probe/*.probe.ts'],
    setupFiles: ['./test/support/fixture-cleanup.setup.ts'],
  },
});
