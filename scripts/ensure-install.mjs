// Installs dependencies when node_modules is missing or older than package-lock.json, so the
// README's two commands work on a fresh clone. Plain Node: it runs before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json'; // written by npm at the end of every install
const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync('package-lock.json').mtimeMs;
if (!fresh) {
  console.error('installing dependencies (npm install)...');
  // not `npm ci`: see .ci/run
  execSync('npm install --no-audit --no-fund', { stdio: ['ignore', 'inherit', 'inherit'] });
}
