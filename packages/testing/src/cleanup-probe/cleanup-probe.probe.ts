import { appendFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { afterTestFile } from '../../../database/test/after-test-file.js';

// Run by after-test-file.int.test.ts in a vitest of its own: a fixture registering its cleanup
// from inside a beforeAll, as createTestDatabase does.
const marks = process.env.CLEANUP_PROBE_MARKS!;

describe('a fixture made in beforeAll', () => {
  beforeAll(() => {
    afterTestFile(() => appendFileSync(marks, 'first\n'));
    afterTestFile(async () => {
      await Promise.resolve();
      appendFileSync(marks, 'second\n');
    });
  });
  it('is not cleaned up while the file runs', () => {
    expect(marks).toBeTruthy();
  });
});
