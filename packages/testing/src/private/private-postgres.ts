import { execFileSync, spawn } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@factory/database/testing';
import { findExecutable } from './find-executable.js';

/**
 * A PostgreSQL cluster of the test's own (initdb, pg_ctl, a private port and folder), for tests
 * that stop and restart the server: never the shared one other test files use.
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  /** Fast shutdown: open connections are cut, as in a crash or a failover. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  destroy(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pgCtl: string;
}

const BIN_DIRS = ['/usr/local/bin', '/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin'];

function binaries(): Binaries | null {
  const initdb = findExecutable('initdb', BIN_DIRS);
  const pgCtl = findExecutable('pg_ctl', BIN_DIRS);
  return initdb && pgCtl ? { initdb, pgCtl } : null;
}

/** Root may not run PostgreSQL: it then runs as the `postgres` user, which must exist. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Why a private cluster cannot run here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!binaries()) return 'no initdb/pg_ctl on this machine';
  try {
    runAs();
  } catch {
    return 'running as root and no postgres user to run PostgreSQL as';
  }
  return null;
}

function run(file: string, args: string[], user: ReturnType<typeof runAs>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'], env: { LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (c) => (output += String(c)));
    child.stderr.on('data', (c) => (output += String(c)));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${file} ${args[0]} exited ${code}: ${output}`)),
    );
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bins = binaries();
  if (!bins) throw new Error('no initdb/pg_ctl on this machine');
  const user = runAs();
  const dir = await mkdtemp(join(tmpdir(), 'factory-private-pg-'));
  if (user) await chown(dir, user.uid, user.gid);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  await run(bins.initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'], user);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    run(bins.pgCtl, ['start', '-D', dataDir, '-w', '-t', '60', '-l', join(dir, 'log'), '-o', options], user);
  const stop = () => run(bins.pgCtl, ['stop', '-D', dataDir, '-w', '-m', 'fast'], user);
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
