// `npm start` / `npm run start:apart`: installs dependencies if needed, builds (turbo caches
// unchanged packages), then runs the single-machine server, or with `apart` the same service as
// separate processes behind a router. Plain Node: it runs before anything is installed.
import { execSync } from 'node:child_process';

const apart = process.argv[2] === 'apart';
const entry = apart ? 'apps/server/dist/apart-main.js' : 'apps/server/dist/main.js';
execSync('node scripts/ensure-install.mjs', { stdio: 'inherit' });
// Imported once installed: it finds turbo in node_modules.
const { runTurbo } = await import('./turbo.mjs');
// turbo's own lines (its version, the packages in scope, the task summary) only when it fails.
console.error(
  '[factory] building the service (a few minutes the first time; later starts reuse what did not change)...',
);
// The single mode runs apps/server, so its build and its dependencies' suffice. The apart mode
// starts other apps as processes of their own (apps/server/src/apart/app-process.ts: the APIs, the
// projector, the settings page, the router), which apps/server neither imports nor declares (no
// app depends on another): so it builds every app, without a list here to keep in step with them.
const scope = apart ? ['--filter=@factory/server...', '--filter=./apps/*'] : ['--filter=@factory/server...'];
const build = runTurbo(['run', 'build', ...scope, '--output-logs=errors-only'], { quiet: true });
if (build.status !== 0) {
  process.stderr.write(build.output);
  process.exit(build.status);
}
// In this process rather than a child: Ctrl-C reaches the server once, from the terminal, instead
// of once from the terminal and once more passed on by a parent ("SIGINT: already stopping").
await import(new URL(`../${entry}`, import.meta.url).href);
