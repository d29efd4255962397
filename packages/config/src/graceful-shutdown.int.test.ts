import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);

it('holds the process until its last phase, though a step waits on a handle that does not hold the loop', async () => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'graceful-shutdown.fixture.ts'], {
    cwd: new URL('../test/', import.meta.url).pathname,
  });
  // Before, the loop emptied during the first step: the process exited 0 and the embedded
  // database of `npm start` was never stopped.
  expect(stdout).toMatch(/database stopped/);
});
