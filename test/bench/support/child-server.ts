import { type ChildProcess, spawn } from 'node:child_process';

const ROOT = new URL('../../../', import.meta.url).pathname;

/**
 * Starts a benchmark server script in its own process (so the load generator does not share
 * its event loop) and resolves with the port it prints as `PORT=<n>` on stdout.
 */
export function startChildServer(
  script: string,
  env: Record<string, string>,
): Promise<{ port: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const port = /PORT=(\d+)/.exec(out)?.[1];
      if (port)
        resolve({
          port: Number(port),
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}
