import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@factory/database/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningPort } from './cluster.js';
import { embeddedHome, runsAsRoot } from './embedded-home.js';
import { startEmbeddedPostgres } from './start-embedded.js';

const run = promisify(execFile);

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return (await client.query('SELECT 1 AS one')).rows[0].one === 1;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// The real embedded server: a data folder inside a 0700 folder (like `mktemp -d`), which the
// `postgres` user that root runs the server as cannot enter.
describe('embedded PostgreSQL shared by several processes', () => {
  let parent: string;
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    parent = await mkdtemp(join(tmpdir(), 'factory-embedded-'));
    await chmod(parent, 0o700);
    dataDir = join(parent, 'checkout', '.data');
  });
  afterAll(async () => {
    const { home, pgdata } = embeddedHome(dataDir);
    if ((await runningPort(pgdata)) !== null) throw new Error(`a server was left running in ${pgdata}`);
    if (home !== dataDir) await rm(home, { recursive: true, force: true });
    await rm(parent, { recursive: true, force: true });
  });

  it('keeps the server running until the last user stops, and forgets users that died', async () => {
    const { home, pgdata } = embeddedHome(dataDir);
    if (runsAsRoot()) expect(home.startsWith('/var/lib/factory-data-service/')).toBe(true);

    const first = await startEmbeddedPostgres({ dataDir, port });
    expect(first.started).toBe(true);
    const second = await startEmbeddedPostgres({ dataDir, port });
    expect(second.started).toBe(false);
    expect(second.url).toBe(first.url);

    // a process that took a lease and died (kill -9) does not keep the server alive
    const { stdout } = await run(process.execPath, ['-e', 'console.log(process.pid)']);
    await writeFile(join(home, 'leases', `${stdout.trim()}.dead`), '');

    await first.stop();
    expect(await answers(second.url)).toBe(true);
    await second.stop();
    expect(await runningPort(pgdata)).toBeNull();
    expect(await answers(first.url)).toBe(false);
    expect(await readdir(join(home, 'leases'))).toEqual([]);

    // started again on the same data
    const third = await startEmbeddedPostgres({ dataDir, port });
    expect(third.started).toBe(true);
    expect(await answers(third.url)).toBe(true);
    await third.stop();
    expect(existsSync(join(pgdata, 'PG_VERSION'))).toBe(true);
  }, 300_000);
});
