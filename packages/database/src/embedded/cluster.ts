import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PostgresBinaries } from './postgres-binaries.js';
import type { SystemUser } from './system-user.js';

/** The server listens on 127.0.0.1 only; the password keeps nothing secret. */
export const EMBEDDED_PASSWORD = 'embedded';

export interface Cluster {
  pgdata: string;
  binaries: PostgresBinaries;
  /** The user the programs run as (root's `postgres`), or null for the current user. */
  user: SystemUser | null;
}

/** Creates the cluster unless `PG_VERSION` shows one is there already. */
export async function initialiseCluster(cluster: Cluster): Promise<void> {
  if (existsSync(join(cluster.pgdata, 'PG_VERSION'))) return;
  await rm(cluster.pgdata, { recursive: true, force: true }); // an interrupted initdb's leftovers
  await mkdir(cluster.pgdata, { recursive: true, mode: 0o700 });
  if (cluster.user) await chown(cluster.pgdata, cluster.user.uid, cluster.user.gid);
  const passwordFile = join(cluster.pgdata, '..', `initdb-password-${process.pid}`);
  await writeFile(passwordFile, `${EMBEDDED_PASSWORD}\n`, { mode: 0o644 });
  try {
    await runAs(cluster, cluster.binaries.initdb, [
      `--pgdata=${cluster.pgdata}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--locale=C', // exists everywhere, unlike en_US.UTF-8
      '--encoding=UTF8',
    ]);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/**
 * The port of the cluster's running postmaster (from `postmaster.pid`), or null when none runs.
 * A file left by a server killed with -9 names a dead pid: it is removed, since postgres refuses
 * to start while the pid in it is alive and pids are reused.
 */
export async function runningPort(pgdata: string): Promise<number | null> {
  const file = join(pgdata, 'postmaster.pid');
  const lines = await readFile(file, 'utf8').then(
    (text) => text.split('\n'),
    () => null,
  );
  if (lines === null) return null;
  if (isAlive(Number(lines[0]))) return Number(lines[3]);
  await rm(file, { force: true });
  return null;
}

export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

/**
 * Starts the server in its own session through `pg_ctl`, so it outlives this process (other
 * processes may be using it) and a Ctrl-C in this terminal does not reach it.
 */
export async function startCluster(cluster: Cluster, port: number): Promise<void> {
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${cluster.pgdata}`;
  const log = join(cluster.pgdata, 'server.log');
  try {
    await runAs(cluster, cluster.binaries.pgCtl, [
      'start',
      '-w',
      '-t',
      '300',
      '-D',
      cluster.pgdata,
      '-l',
      log,
      '-o',
      options,
    ]);
  } catch (error) {
    const tail = await readFile(log, 'utf8').then(
      (text) => text.trim().split('\n').slice(-5).join('\n'),
      () => '',
    );
    throw new Error(`${(error as Error).message}${tail ? `\n${tail}` : ''}`);
  }
}

/** Fast shutdown: open sessions are ended, and it returns once the server is gone. */
export async function stopCluster(cluster: Cluster): Promise<void> {
  await runAs(cluster, cluster.binaries.pgCtl, [
    'stop',
    '-w',
    '-t',
    '300',
    '-m',
    'fast',
    '-D',
    cluster.pgdata,
  ]);
}

function runAs(cluster: Cluster, program: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      ...(cluster.user ?? {}),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH, LC_ALL: 'C' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${program.split('/').pop()} ${args[0]} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
