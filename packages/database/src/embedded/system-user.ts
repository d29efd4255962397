import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SystemUser {
  uid: number;
  gid: number;
}

/**
 * The `postgres` system user that root runs the server as (PostgreSQL refuses to run as root),
 * created when missing.
 */
export async function postgresUser(): Promise<SystemUser> {
  const found = await lookup();
  if (found) return found;
  await run('groupadd', ['--system', 'postgres']).catch(() => undefined); // may exist alone
  await run('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
  const created = await lookup();
  if (!created) throw new Error('could not create the postgres system user');
  return created;
}

async function lookup(): Promise<SystemUser | null> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return null;
  }
}
