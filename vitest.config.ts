import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Tests run on the workspace packages' TypeScript sources, without a build: `@factory/<name>`
// maps to `packages/<name>/src/index.ts` or `apps/<name>/src/index.ts` (folder names equal
// package names, which the package.json 'source' export condition also points at).
const alias = ['packages', 'apps'].flatMap((dir) =>
  readdirSync(dir).map((name) => ({
    find: `@factory/${name}`,
    replacement: resolve(dir, name, 'src/index.ts'),
  })),
);

export default defineConfig({
  resolve: { alias },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'examples/*/src/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    globalSetup: ['./vitest.global-setup.ts'],
    setupFiles: ['./test/support/fixture-cleanup.setup.ts', './test/support/openapi-answers.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/support/summary-reporter.ts', './test/support/stalled-file-reporter.ts'],
  },
});
