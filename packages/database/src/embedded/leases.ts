import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { isAlive } from './cluster.js';

/**
 * The embedded server is shared by every process of one data folder (`npm start`, the
 * operations CLI, a second server). Each user holds a lease, a file named after its pid; the one
 * that drops the last live lease stops the server. Starting, stopping and the lease files change
 * only under one lock, so a start never races a stop.
 */
export async function underStartLock<T>(home: string, work: () => Promise<T>): Promise<T> {
  await mkdir(home, { recursive: true });
  const release = await lockfile.lock(join(home, 'embedded-postgres'), {
    realpath: false,
    // A holder that died (kill -9) stops refreshing the lock; it is taken over after 30 s.
    stale: 30_000,
    // A live holder whose refresh came late (a starved machine) must not crash: the worst case
    // is a second start that finds the server running (postmaster.pid) and joins it.
    onCompromised: () => undefined,
    // A start may take minutes on a loaded machine (initdb, first copy of the binaries).
    retries: { retries: 6_000, factor: 1, minTimeout: 100, maxTimeout: 100 },
  });
  try {
    return await work();
  } finally {
    await release();
  }
}

export async function takeLease(home: string): Promise<string> {
  const dir = join(home, 'leases');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${process.pid}.${randomBytes(4).toString('hex')}`);
  await writeFile(file, '');
  return file;
}

/** Removes the leases of processes that died without dropping them; returns how many live. */
export async function liveLeases(home: string): Promise<number> {
  const dir = join(home, 'leases');
  const names = await readdir(dir).catch(() => [] as string[]);
  let live = 0;
  for (const name of names) {
    if (isAlive(Number(name.split('.')[0]))) live += 1;
    else await rm(join(dir, name), { force: true });
  }
  return live;
}

export async function dropLease(file: string): Promise<void> {
  await rm(file, { force: true });
}
