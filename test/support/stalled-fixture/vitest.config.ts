import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** By name: the quick file ends before the stuck one starts. */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

// The stalled-file reporter's own run, on a file that ends and one that never does (see its test).
export default defineConfig({
  test: {
    root: new URL('../../..', import.meta.url).pathname,
    include: ['test/support/stalled-fixture/*.fixture.ts'],
    pool: 'forks',
    maxWorkers: 1,
    sequence: { sequencer: ByName },
    reporters: ['default', './test/support/stalled-file-reporter.ts'],
  },
});
