import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { alive, descendants } from './process-tree.js';

const ROOT = new URL('../../', import.meta.url).pathname;

it('ends a run whose worker is stuck in a synchronous loop, naming the file, and leaves no process', async () => {
  // The ended run cannot remove its own temporary folder (vitest's transformed files): it gets one
  // of ours, removed here.
  const temporary = await mkdtemp(join(tmpdir(), 'stalled-run-'));
  try {
    const run = spawn(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/support/stalled-fixture/vitest.config.ts'],
      {
        cwd: ROOT,
        env: { ...process.env, TEST_FILE_LIMIT_MINUTES: '0.2', TMPDIR: temporary },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    run.stdout.on('data', (chunk) => (output += chunk));
    run.stderr.on('data', (chunk) => (output += chunk));
    let below: number[] = [];
    const watch = setInterval(async () => {
      below = [...new Set([...below, ...(await descendants(run.pid!)).map((p) => p.pid)])];
    }, 500);
    const [code] = await once(run, 'close');
    clearInterval(watch);
    expect(code).toBe(1);
    expect(output).toMatch(
      /STALLED: test\/support\/stalled-fixture\/b-stuck\.fixture\.ts has run for over 0\.2 min/,
    );
    // the file that ended is not taken for running (nor any other)
    expect(output.match(/STALLED/g)).toHaveLength(1);
    // the stuck worker was seen running, and is gone with the run
    expect(below.length).toBeGreaterThan(0);
    // SIGKILLed, they are gone once the kernel has reaped them
    for (const deadline = Date.now() + 15_000; below.some(alive) && Date.now() < deadline; )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(below.filter(alive)).toEqual([]);
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}, 60_000);
