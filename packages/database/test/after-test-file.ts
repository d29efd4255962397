import { afterAll } from 'vitest';

type Cleanup = () => unknown;

// On globalThis, so the setup file and the fixtures share one list whatever path imported this
// module (the setup file imports it by a relative path, the fixtures through @factory/database/testing).
const KEY = Symbol.for('factory.testFileCleanups');
const store = globalThis as { [KEY]?: Cleanup[] };
store[KEY] ??= [];
const cleanups = store[KEY];

/**
 * Runs `cleanup` once the current test file has finished, newest first. Fixtures use this rather
 * than `afterAll` because they are called from `beforeAll`, and vitest silently drops hooks
 * registered while another hook runs: their pools, projectors and databases were never closed.
 * The one `afterAll` that runs them is registered by `runCleanupsAfterEachFile`, from a setup file.
 */
export function afterTestFile(cleanup: Cleanup): void {
  cleanups.push(cleanup);
}

/** Registers, at a setup file's top level, the hook that runs every file's cleanups. */
export function runCleanupsAfterEachFile(): void {
  afterAll(async () => {
    const failures: unknown[] = [];
    for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
      try {
        await cleanup();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, 'test fixtures failed to clean up');
  });
}
