// `npm start`: installs dependencies if needed, builds (turbo caches unchanged packages), then
// runs the single-machine server. Plain Node: it runs before anything is installed.
import { execSync, spawn } from 'node:child_process';

execSync('node scripts/ensure-install.mjs', { stdio: 'inherit' });
execSync('npx turbo run build --filter=@factory/server... --output-logs=errors-only', { stdio: 'inherit' });
const server = spawn(process.execPath, ['apps/server/dist/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
