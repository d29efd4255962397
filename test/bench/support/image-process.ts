import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = new URL('../../../', import.meta.url).pathname;

/**
 * Builds an app and what it imports (turbo caches unchanged packages); its main's path, to run
 * on plain Node as the image runs it.
 */
export async function builtMain(app: string): Promise<string> {
  await promisify(execFile)(
    'npx',
    ['turbo', 'run', 'build', `--filter=${app}...`, '--output-logs=errors-only'],
    { cwd: ROOT },
  );
  return `apps/${app.replace('@factory/', '')}/dist/main.js`;
}

/**
 * The NODE_OPTIONS the image runs every app with (infra/Dockerfile's `ENV NODE_OPTIONS`), so that
 * a benchmark's process has the heap limits production has: its peak RSS depends on them.
 * `root`: the checkout whose image it is (bench:compare runs another commit's).
 */
export function imageNodeOptions(root = ROOT): string {
  const dockerfile = readFileSync(join(root, 'infra/Dockerfile'), 'utf8');
  const options = /^ENV NODE_OPTIONS="([^"]*)"$/m.exec(dockerfile)?.[1];
  if (options === undefined) throw new Error('infra/Dockerfile sets no NODE_OPTIONS');
  return options;
}
