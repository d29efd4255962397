import { type ChildProcess, spawn } from 'node:child_process';
import { imageNodeOptions } from './image-process.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

/**
 * The built projector as the image runs it: plain Node, the image's NODE_OPTIONS (its heap
 * limit), polling once a second and woken by LISTEN/NOTIFY. Resolves once it has started.
 */
export async function startProjectorProcess(databaseUrl: string, main: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      PROJECTOR_POLL_INTERVAL_MS: '1000',
      NODE_OPTIONS: imageNodeOptions('projector'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes('projector started')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`projector exited with ${code}`)));
  });
  return child;
}

export const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
