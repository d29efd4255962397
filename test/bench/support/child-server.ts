import { type ChildProcess, spawn } from 'node:child_process';
import { peakRssMb, resetPeakRss } from './process-stats.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

export interface ChildServer {
  port: number;
  pid: number;
  /** What the process had printed when its announcement matched (the announcement included). */
  announced: string;
  /** The process's resident set high-water mark (VmHWM), in MB. */
  peakRssMb(): number;
  /** Restarts the high-water mark from the current RSS (root, or the process's owner). */
  resetPeakRss(): void;
  stop(): Promise<void>;
}

/**
 * Starts a benchmark server script in its own process (so the load generator does not share
 * its event loop) and resolves with the port it announces: `PORT=<n>` on stdout (bench
 * servers) or `listening on port <n>` on stderr (the apps' own mains). `announcement`
 * overrides that pattern (its first group is the port): the projector announces only its
 * metrics port. `cwd` is the checkout whose script runs (bench:compare runs another commit's).
 * `nodeArgs` go to node before the script (`--cpu-prof`, which NODE_OPTIONS refuses).
 */
export function startChildServer(
  script: string,
  env: Record<string, string>,
  announcement = /PORT=(\d+)|listening on port (\d+)/,
  cwd = ROOT,
  nodeArgs: readonly string[] = [],
): Promise<ChildServer> {
  // A built script (.js) runs on plain Node, as the image runs it; a source one through tsx.
  const loader = script.endsWith('.js') ? [] : ['--conditions=source', '--import', 'tsx'];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...loader, script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let said = '';
    const listen = (chunk: Buffer, echo: NodeJS.WriteStream) => {
      echo.write(chunk);
      said += String(chunk);
      const port = announcement.exec(said);
      if (port)
        resolve({
          port: Number(port[1] ?? port[2]),
          pid: child.pid!,
          announced: said,
          peakRssMb: () => peakRssMb(child.pid!),
          resetPeakRss: () => resetPeakRss(child.pid!),
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
