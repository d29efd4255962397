import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;

it('counts tests whose block failed in a hook, a file that failed to load and one that failed in afterAll as failed', async () => {
  const run = spawn(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/support/summary-fixture/vitest.config.ts'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  run.stdout.on('data', (chunk) => (output += chunk));
  run.stderr.on('data', (chunk) => (output += chunk));
  const [code] = await once(run, 'close');
  expect(code).toBe(1);
  // Two tests passed; two never ran behind a failed beforeAll, one file never loaded and one
  // failed in its afterAll: four failures; the one skipped on purpose stays skipped.
  expect(output).toContain('Tests: 2 passed, 4 failed, 1 skipped');
}, 60_000);
