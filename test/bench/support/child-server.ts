import { type ChildProcess, spawn } from 'node:child_process';
import { peakRssMb } from './process-stats.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

export interface ChildServer {
  port: number;
  /** The process's resident set high-water mark (VmHWM), in MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

/**
 * Starts a benchmark server script in its own process (so the load generator does not share
 * its event loop) and resolves with the port it announces: `PORT=<n>` on stdout (bench
 * servers) or `listening on port <n>` on stderr (the apps' own mains).
 */
export function startChildServer(script: string, env: Record<string, string>): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let said = '';
    const listen = (chunk: Buffer, echo: NodeJS.WriteStream) => {
      echo.write(chunk);
      said += String(chunk);
      const port = /PORT=(\d+)|listening on port (\d+)/.exec(said);
      if (port)
        resolve({
          port: Number(port[1] ?? port[2]),
          peakRssMb: () => peakRssMb(child.pid!),
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    };
    child.stdout!.on('data', (chunk: Buffer) => listen(chunk, process.stdout));
    child.stderr!.on('data', (chunk: Buffer) => listen(chunk, process.stderr));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${said}`)));
  });
}
