import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real CLI in a child process, exactly as `npm run -s ops --` starts it. */
export function startOps(
  args: string[],
  env: Record<string, string | undefined>,
): ChildProcess & { run: Promise<Run> } {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'apps/ops/src/main.ts', ...args],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: undefined, ...env } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => {
    stdout += d;
  });
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  const run = new Promise<Run>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return Object.assign(child, { run });
}

export function ops(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return startOps(args, env).run;
}

/** Parses the one JSON document a --json run must print, and nothing else. */
export function json<T>(run: Run): T {
  expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' });
  expect(run.stdout.endsWith('\n')).toBe(true);
  expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
  return JSON.parse(run.stdout) as T;
}
