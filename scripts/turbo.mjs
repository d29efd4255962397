// `turbo` for the scripts of package.json and scripts/start.mjs: with its anonymous telemetry off
// (the project does not enrol the people who clone it; turbo's banner asked each of them) and no
// update notice (turbo's version is the lock file's). In the repository rather than in each
// machine's `turbo telemetry disable`, so a fresh clone behaves like every other. Plain Node, so
// the variables are set the same way on every shell.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const turbo = createRequire(import.meta.url).resolve('turbo/bin/turbo');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' };

/** Runs turbo with `args`; `quiet` keeps its output and returns it instead of printing it. */
export function runTurbo(args, { quiet = false } = {}) {
  const result = spawnSync(process.execPath, [turbo, ...args], {
    env,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
  });
  return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exit(runTurbo(process.argv.slice(2)).status);
