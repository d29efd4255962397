import { type ChildProcess, spawn } from 'node:child_process';

const ROOT = new URL('../../', import.meta.url).pathname;

/** How the service is started, as its users start it. */
export interface ServiceMode {
  name: string;
  /** Arguments to `node --conditions=source --import tsx`. */
  args: string[];
}

export const SINGLE_MACHINE: ServiceMode = { name: 'npm start', args: ['apps/server/src/main.ts'] };
/** The write API, the read API, the projector and the router as separate processes. */
export const START_APART: ServiceMode = {
  name: 'npm run start:apart',
  args: ['apps/server/src/apart-main.ts'],
};
/** Both modes, for the tests a client must not be able to tell apart. */
export const SERVICE_MODES: ServiceMode[] = [SINGLE_MACHINE, START_APART];

export interface ServiceProcess {
  child: ChildProcess;
  port: string;
  /** The demo token (every scope), printed at every start on the embedded database; null with a
   *  DATABASE_URL, where no demo company is made. */
  token: string | null;
  /** Everything the process wrote on stderr so far. */
  stderr(): string;
  /** Everything it wrote on stdout so far (the JSON log lines). */
  stdout(): string;
  /** Everything the process (its children included) wrote on stdout and stderr so far: its logs. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the service with the embedded default (no DATABASE_URL) in `dataDir`, on a free port,
 * and resolves once it serves (its `http://127.0.0.1:<port>` line) and, on the embedded database,
 * has printed the demo token. `env` overrides, e.g. DATABASE_URL for a test database instead of
 * the embedded one (then no demo company exists: make the test's own).
 */
export function startService(
  mode: ServiceMode,
  dataDir: string,
  pgPort: number,
  env: Record<string, string> = {},
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', ...mode.args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      EMBEDDED_POSTGRES_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let logged = '';
  let everything = '';
  child.stdout!.on('data', (chunk) => {
    logged += String(chunk);
    everything += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${mode.name} did not start:\n${output}`)), 120_000);
    child.stderr!.on('data', (chunk) => {
      output += String(chunk);
      everything += String(chunk);
      const port = /serving every \/v1 route on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      const token = /demo token \(every scope\): (svc_live_\w+)/.exec(output)?.[1] ?? null;
      const ready = env.DATABASE_URL ? /no demo company/.test(output) : token !== null;
      if (port && ready) {
        clearTimeout(timer);
        resolve({
          child,
          port,
          token,
          stderr: () => output,
          stdout: () => logged,
          output: () => everything,
          exited,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${mode.name} exited with ${code}:\n${output}`));
    });
  });
}

/**
 * The ports of `npm run start:apart`'s write API and read API (each announces
 * `[write-api] listening on port N` on the launcher's stderr): for a front door other than its
 * router, such as nginx, in front of the same APIs.
 */
export function apartApiPorts(service: ServiceProcess): { writeApi: number; readApi: number } {
  const portOf = (app: string) => {
    const port = new RegExp(`\\[${app}\\] listening on port (\\d+)`).exec(service.stderr())?.[1];
    if (!port) throw new Error(`${app} announced no port:\n${service.stderr()}`);
    return Number(port);
  };
  return { writeApi: portOf('write-api'), readApi: portOf('read-api') };
}
