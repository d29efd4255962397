import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';

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

/** An app of the image: the name of its compose.yaml service and of its `APP` build argument. */
export type ImageApp = 'write-api' | 'read-api' | 'projector';

/**
 * The NODE_OPTIONS the image runs `app` with: its compose.yaml service's own, else
 * infra/Dockerfile's `ENV NODE_OPTIONS` (the heap limit every app has), so that a benchmark's
 * process has the heap limits production has: its peak RSS depends on them. `root`: the checkout
 * whose image it is (bench:compare runs another commit's, which may set one value for every app).
 */
export function imageNodeOptions(app: ImageApp, root = ROOT): string {
  const compose = parse(readFileSync(join(root, 'infra/compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string> }>;
  };
  const own = compose.services[app]?.environment?.NODE_OPTIONS;
  if (own !== undefined) return own;
  const dockerfile = readFileSync(join(root, 'infra/Dockerfile'), 'utf8');
  const options = /^ENV NODE_OPTIONS="([^"]*)"$/m.exec(dockerfile)?.[1];
  if (options === undefined) throw new Error('infra/Dockerfile sets no NODE_OPTIONS');
  return options;
}
