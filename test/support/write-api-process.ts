import { type ChildProcess, spawn } from 'node:child_process';

const ROOT = new URL('../../', import.meta.url).pathname;
const FAULTS = new URL('./event-store-faults/register.ts', import.meta.url).href;

export interface WriteApiProcess {
  child: ChildProcess;
  port: number;
  /** The metrics port, when `env` asked for one (METRICS_PORT, 0 for a free one). */
  metricsPort?: number;
  /** Resolves once the process has exited: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A crash point of the write API's event store (event-store-faults/faulty-write-model.ts). */
export interface EventStoreFault {
  /** The process exits (code 86) right after the n-th append's commit, before its rows. */
  exitAfterCommit?: number;
  /** The process kills itself (SIGKILL) as the n-th append is sent, its key taken. */
  killBeforeAppend?: number;
}

/**
 * Starts the standalone write API (apps/write-api) on `databaseUrl`, on a free port, without
 * Redis and without rate limits in the way; `env` adds to that (EVENT_STORE_ROWS ...). A `fault`
 * preloads event-store-faults/register.ts, which gives the process a store that crashes there.
 * Resolves once it listens (and serves its metrics, when asked).
 */
export function startWriteApi(
  databaseUrl: string,
  env: Record<string, string> = {},
  fault?: EventStoreFault,
): Promise<WriteApiProcess> {
  const faultEnv: Record<string, string> = {};
  if (fault?.exitAfterCommit) faultEnv.EVENT_STORE_FAULT_EXIT_AFTER_COMMIT = String(fault.exitAfterCommit);
  if (fault?.killBeforeAppend) faultEnv.EVENT_STORE_FAULT_KILL_BEFORE_APPEND = String(fault.killBeforeAppend);
  const preload = fault ? ['--import', FAULTS] : [];
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', ...preload, 'apps/write-api/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: '',
        PORT: '0',
        LOG_LEVEL: 'error',
        RATE_LIMIT_PER_TOKEN: '1000000',
        RATE_LIMIT_PER_COMPANY: '1000000',
        ...env,
        ...faultEnv,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    let said = '';
    child.stderr!.on('data', (chunk) => {
      said += String(chunk);
      const port = /listening on port (\d+)/.exec(said)?.[1];
      const metricsPort = /metrics, \/healthz and \/readyz on port (\d+)/.exec(said)?.[1];
      if (port && (env.METRICS_PORT === undefined || metricsPort))
        resolve({
          child,
          port: Number(port),
          metricsPort: metricsPort ? Number(metricsPort) : undefined,
          exited,
        });
    });
    void exited.then(() => reject(new Error(`write API exited before listening:\n${said}`)));
  });
}
