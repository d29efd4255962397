import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { type ChildServer, startChildServer } from '../support/child-server.js';
import { type ImageApp, imageNodeOptions } from '../support/image-process.js';
import type { Build } from './checkout.js';

/**
 * What the comparison runs of a build: its own processes from its own sources (through its
 * own tsx), configured only by the environment the run-time contract names, so the same
 * scenario runs on any commit whatever its code looks like inside.
 */
const run = promisify(execFile);
const PROBE = new URL('./probes/event-store-probe.ts', import.meta.url).pathname;

// benchmark-only override: the load must measure the service, not the limiter's refusals
const UNLIMITED = { RATE_LIMIT_PER_TOKEN: '10000000', RATE_LIMIT_PER_COMPANY: '10000000' };

/**
 * The heap limits the build's own image runs each app with (image-process.ts: its compose service's NODE_OPTIONS, else its infra/Dockerfile's;
 * none before the image set any): the peak RSS figures depend on them. The apps still run
 * through tsx, which adds about 45 MB to every RSS on both builds alike.
 */
function imageEnv(build: Build, app: ImageApp): { NODE_OPTIONS?: string } {
  try {
    return { NODE_OPTIONS: imageNodeOptions(app, build.root) };
  } catch {
    return {};
  }
}

export function startWriteApi(build: Build, databaseUrl: string, redisUrl: string): Promise<ChildServer> {
  return startChildServer(
    'apps/write-api/src/main.ts',
    {
      ...UNLIMITED,
      ...imageEnv(build, 'write-api'),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn', // request logs are a production choice, not the write path's cost
      DATABASE_POOL_SIZE: '32',
    },
    undefined,
    build.root,
  );
}

export function startReadApi(build: Build, databaseUrl: string, redisUrl: string): Promise<ChildServer> {
  return startChildServer(
    'apps/read-api/src/main.ts',
    {
      ...UNLIMITED,
      ...imageEnv(build, 'read-api'),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      CURSOR_SECRET: randomBytes(32).toString('hex'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    undefined,
    build.root,
  );
}

/** The standalone projector, without Redis (rebuild jobs in-process); resolves at its start line. */
export function startProjector(build: Build, databaseUrl: string): Promise<ChildServer> {
  return startChildServer(
    'apps/projector/src/main.ts',
    { ...imageEnv(build, 'projector'), DATABASE_URL: databaseUrl, REDIS_URL: '', LOG_LEVEL: 'info' },
    /projector started()/,
    build.root,
  );
}

/**
 * The build's operations CLI with `--json`; its one JSON line. `verificar` exits 1 when it finds
 * differences and still prints its answer: with `answersOnExit1`, that answer is returned.
 */
export async function ops(
  build: Build,
  databaseUrl: string,
  args: string[],
  answersOnExit1 = false,
): Promise<unknown> {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/ops/src/main.ts', ...args, '--json'],
      { cwd: build.root, env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 16 << 20 },
    );
    return JSON.parse(stdout);
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    if (answersOnExit1 && failed.code === 1 && failed.stdout) return JSON.parse(failed.stdout);
    throw error;
  }
}

/** The build's event store port measured in a process of its own (probes/event-store-probe.ts). */
export async function eventStoreProbe(
  build: Build,
  databaseUrl: string,
  env: Record<string, string>,
): Promise<{ rate: number }> {
  const { stdout } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', PROBE], {
    cwd: build.root,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}
