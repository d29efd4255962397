// `npm start` / `npm run start:apart`: installs dependencies if needed, builds (turbo caches
// unchanged packages), then runs the single-machine server, or with `apart` the same service as
// separate processes behind a router. Plain Node: it runs before anything is installed.
import { execSync, spawn } from 'node:child_process';

const entry = process.argv[2] === 'apart' ? 'apps/server/dist/apart-main.js' : 'apps/server/dist/main.js';
execSync('node scripts/ensure-install.mjs', { stdio: 'inherit' });
execSync('npx turbo run build --filter=@factory/server... --output-logs=errors-only', { stdio: 'inherit' });
const server = spawn(process.execPath, [entry], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
