import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;

it('runs cleanups registered from a beforeAll once the file is done, newest first', async () => {
  const marks = join(mkdtempSync(join(tmpdir(), 'cleanup-probe-')), 'marks');
  writeFileSync(marks, '');
  await promisify(execFile)(
    process.execPath,
    [
      join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '-c',
      'packages/testing/src/cleanup-probe/vitest.config.ts',
    ],
    { cwd: ROOT, env: { ...process.env, CLEANUP_PROBE_MARKS: marks } },
  );
  try {
    expect(readFileSync(marks, 'utf8')).toBe('second\nfirst\n');
  } finally {
    rmSync(dirname(marks), { recursive: true, force: true });
  }
});
