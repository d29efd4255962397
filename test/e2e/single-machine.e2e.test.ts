import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { embeddedHome, isPortOpen } from '@factory/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_MACHINE, startService } from '../support/service-process.js';

// The first README command's path, without the install and build: the single-machine server
// started with no DATABASE_URL runs embedded PostgreSQL for its data folder, seeds the demo
// company, prints a working token, and reuses all of it when started again. The data folder is
// inside a 0700 folder (like a checkout cloned into `mktemp -d`), which the `postgres` user
// that root runs the server as cannot enter.
const ROOT = new URL('../../', import.meta.url).pathname;
const TSX = ['--conditions=source', '--import', 'tsx'];
const run = promisify(execFile);

describe('single-machine start (embedded PostgreSQL)', () => {
  let parent: string;
  let dataDir: string;
  const ops = (...args: string[]) =>
    run(process.execPath, [...TSX, 'apps/ops/src/main.ts', ...args, '--json'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(pgPort) },
    });
  const embeddedRunning = async () => (await isPortOpen('127.0.0.1', pgPort)) as boolean;
  const pgPort = 55_000 + Math.floor(Math.random() * 4_000);

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'factory-e2e-'));
    await chmod(parent, 0o700);
    dataDir = join(parent, 'checkout', '.data');
  });
  afterAll(async () => {
    const { home } = embeddedHome(dataDir);
    if (!home.startsWith(parent)) await rm(home, { recursive: true, force: true });
    await rm(parent, { recursive: true, force: true });
  });

  it('serves /v1/eu with the printed token, and again after a restart with the same data', async () => {
    const first = await startService(SINGLE_MACHINE, dataDir, pgPort);
    const eu = await fetch(`http://127.0.0.1:${first.port}/v1/eu`, {
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(eu.status).toBe(200);
    const { empresa } = (await eu.json()) as { empresa: { id: string; nome: string } };
    expect(empresa.nome).toBe('Fábrica Demo');

    // the operations CLI finds the running embedded server by itself, and leaves it running
    const { stdout } = await ops('token', 'listar', '--empresa', empresa.id);
    expect(JSON.parse(stdout)).toHaveLength(1);
    const afterCli = await fetch(`http://127.0.0.1:${first.port}/v1/eu`, {
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(afterCli.status).toBe(200);
    expect(await first.stop()).toBe(0);
    // the server was the last user: the embedded database stopped with it
    expect(await embeddedRunning()).toBe(false);

    // alone, the CLI starts the embedded server, sees the same data, and stops it again
    const alone = await ops('token', 'listar', '--empresa', empresa.id);
    expect(JSON.parse(alone.stdout)).toHaveLength(1);
    expect(await embeddedRunning()).toBe(false);

    const second = await startService(SINGLE_MACHINE, dataDir, pgPort);
    expect(second.token).toBe(first.token);
    const again = await fetch(`http://127.0.0.1:${second.port}/v1/locais`, {
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(again.status).toBe(200);
    const { dados } = (await again.json()) as { dados: Array<{ nome: string }> };
    expect(dados.map((l) => l.nome)).toEqual(['Depósito central', 'Fábrica', 'Terceiro costura']);
    expect(await second.stop()).toBe(0);
    expect(await embeddedRunning()).toBe(false);
  }, 180_000);
});
