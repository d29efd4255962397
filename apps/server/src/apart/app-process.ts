import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type AppName = 'write-api' | 'read-api' | 'projector' | 'router' | 'admin';

/**
 * An app's entry point beside this one: its TypeScript source when this file runs from source
 * (tests, with the loader this process was started with), else its build.
 */
export function appEntry(app: AppName, here = import.meta.url): string {
  const fromSource = here.endsWith('.ts');
  return fileURLToPath(new URL(`../../../${app}/${fromSource ? 'src/main.ts' : 'dist/main.js'}`, here));
}

export interface AppProcess {
  name: AppName;
  child: ChildProcess;
  /** Resolves with the port the app announced (`listening on port N`). */
  port: Promise<number>;
  /** True once `stop` was called: its exit is then expected. */
  stopping: boolean;
  /** Resolves when the process has exited, however it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts one app as a child process; its output goes to this process's stderr, as it came. The
 * child has its own process group, so a Ctrl-C in a terminal reaches only the launcher, which
 * stops the children in order; if the launcher exits, whatever still runs gets SIGTERM.
 */
export function startApp(name: AppName, env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, [...process.execArgv, appEntry(name)], {
    env: { ...process.env, ...env },
    // The IPC channel is how the app learns that this launcher is gone, however it ended
    // (GracefulShutdown.listen stops the app when it closes); nothing is sent on it.
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    detached: true,
  });
  const orphanGuard = () => child.kill('SIGTERM');
  process.once('exit', orphanGuard);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', orphanGuard);
      resolve({ code, signal });
    }),
  );
  const port = new Promise<number>((resolve, reject) => {
    let said: string | undefined = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      if (said === undefined) return;
      said += String(chunk);
      const announced = /listening on port (\d+)/.exec(said);
      if (announced) {
        said = undefined;
        resolve(Number(announced[1]));
      }
    });
    void exited.then(({ code, signal }) => reject(new Error(`${name} exited (${signal ?? code})`)));
  });
  port.catch(() => undefined); // a process that never listens (the projector) is awaited by exit
  return {
    name,
    child,
    port,
    exited,
    stopping: false,
    async stop(signal = 'SIGTERM') {
      this.stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
