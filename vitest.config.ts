import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Tests run on the workspace packages' TypeScript sources, without a build: each export of a
// workspace's package.json that has a 'source' condition (`@factory/<name>` -> its src/index.ts,
// a test-only subpath such as `@factory/event-store/testing` -> its test folder) becomes an alias
// of that source file. Folder names equal package names.
const alias = ['packages', 'apps'].flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => existsSync(resolve(dir, name, 'package.json')))
    .flatMap((name) => {
      const { exports = {} } = JSON.parse(readFileSync(resolve(dir, name, 'package.json'), 'utf8'));
      return Object.entries<{ source?: string }>(exports)
        .filter(([, conditions]) => conditions.source)
        .map(([subpath, conditions]) => ({
          find: new RegExp(`^@factory/${name}${subpath.slice(1).replace(/[/.]/g, '\\$&')}$`),
          replacement: resolve(dir, name, conditions.source as string),
        }));
    }),
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
