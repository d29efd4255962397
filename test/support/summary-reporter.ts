import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Prints one closing line `Tests: N passed, N failed, N skipped` after vitest's own summary,
 * in the plain form CI reads in any language, so a skipped block is never counted as passed.
 * A failure outside any test counts too: a test that never ran because a hook of its block
 * failed is failed, not skipped, and a file that failed with none of its tests failing (before
 * any was collected, or in an afterAll) is one failure.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      const failedBefore = counts.failed;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed' || blockFailed(test)) counts.failed++;
        else counts.skipped++;
      }
      // A file that failed with none of its tests failing (it failed to load, or in an afterAll).
      if (module.state() === 'failed' && counts.failed === failedBefore) counts.failed++;
    }
    console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}

/** Whether a block around the test (its describe, or the file) failed outside its tests, as in a hook. */
function blockFailed(test: TestCase): boolean {
  for (let block = test.parent; ; block = block.parent) {
    if (block.errors().length > 0) return true;
    if (block.type === 'module') return false;
  }
}
