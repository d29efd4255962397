import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The distribution's PostgreSQL 15 programs, which ship pg_stat_statements. */
const BIN = '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** URL of its `postgres` database (trust authentication, 127.0.0.1 only). */
  url: string;
  stop(): Promise<void>;
}

/**
 * Why a private cluster cannot start here, or null when it can. The shared server has
 * pg_stat_statements installed but not preloaded, and it must not be restarted for a bench.
 */
export function privatePostgresUnavailable(): string | null {
  if (!existsSync(join(BIN, 'initdb')) || !existsSync(join(BIN, 'postgres')))
    return `no PostgreSQL programs in ${BIN}`;
  if (!existsSync('/usr/lib/postgresql/15/lib/pg_stat_statements.so'))
    return 'pg_stat_statements is not installed for PostgreSQL 15';
  if (process.getuid?.() === 0 && postgresUser() === null)
    return 'running as root, and there is no postgres system user to run the server as';
  return null;
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder, on a free port, with
 * pg_stat_statements preloaded (so the server itself counts each statement's calls), stopped
 * and deleted by `stop`. As root it runs as the postgres system user, as initdb requires.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-pg-'));
  const pgdata = join(dir, 'data');
  const user = process.getuid?.() === 0 ? postgresUser() : null;
  if (user) await chown(dir, user.uid, user.gid);
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  execFileSync(
    join(BIN, 'initdb'),
    [`--pgdata=${pgdata}`, '--auth=trust', '--username=postgres', '--locale=C', '--encoding=UTF8'],
    { ...as, stdio: 'ignore', env: { PATH: process.env.PATH, LC_ALL: 'C' } },
  );
  const port = await freePort();
  const server: ChildProcess = spawn(
    join(BIN, 'postgres'),
    [
      '-D',
      pgdata,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      '-c',
      'shared_preload_libraries=pg_stat_statements',
      '-c',
      'pg_stat_statements.track=all',
      '-c',
      'max_connections=200',
      '-c',
      // autovacuum's own transactions would count in xact_commit beside the clients'
      'autovacuum=off',
    ],
    { ...as, stdio: 'ignore', env: { PATH: process.env.PATH, LC_ALL: 'C' } },
  );
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    server.kill('SIGINT'); // fast shutdown
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  for (let tries = 0; !(await accepts(url)); tries++) {
    if (server.exitCode !== null || tries > 600) {
      await stop();
      throw new Error('private PostgreSQL did not start');
    }
    await new Promise((r) => setTimeout(r, 100)); // starting up: poll until it accepts a session
  }
  return { url, stop };
}

function postgresUser(): { uid: number; gid: number } | null {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Whether the server accepts a session yet (it listens before it has finished starting up). */
async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
