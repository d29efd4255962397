import { type ChildProcess, spawn } from 'node:child_process';

const ROOT = new URL('../../', import.meta.url).pathname;

export interface WriteApiProcess {
  child: ChildProcess;
  port: number;
  /** The metrics port, when `env` asked for one (METRICS_PORT, 0 for a free one). */
  metricsPort?: number;
  /** Resolves once the process has exited: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the standalone write API (apps/write-api) on `databaseUrl`, on a free port, without
 * Redis and without rate limits in the way; `env` adds to that (EVENT_STORE_ROWS, fault hooks).
 * Resolves once it listens (and serves its metrics, when asked).
 */
export function startWriteApi(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<WriteApiProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'apps/write-api/src/main.ts'],
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
