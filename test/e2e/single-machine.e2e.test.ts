import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { embeddedHome, isPortOpen } from '@factory/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MODES, startService } from '../support/service-process.js';

// The first README commands' path, without the install and build: `npm start` and
// `npm run start:apart` started with no DATABASE_URL run embedded PostgreSQL for their data
// folder, seed the demo company, print a working token, and reuse all of it when started again.
// Apart, SIGTERM to the launcher stops every process it started. The data folder is
// inside a 0700 folder (like a checkout cloned into `mktemp -d`), which the `postgres` user
// that root runs the server as cannot enter.
const ROOT = new URL('../../', import.meta.url).pathname;
const TSX = ['--conditions=source', '--import', 'tsx'];
const run = promisify(execFile);

/** Every node process below `pid`, however deep (the apps; the embedded database has its own lease). */
async function nodeDescendants(pid: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-e', '-o', 'pid=,ppid=,comm=']);
  const children = new Map<number, Array<{ pid: number; node: boolean }>>();
  for (const line of stdout.trim().split('\n')) {
    const [child, parent, command] = line.trim().split(/\s+/) as [string, string, string];
    const list = children.get(Number(parent)) ?? [];
    list.push({ pid: Number(child), node: command === 'node' });
    children.set(Number(parent), list);
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0; ) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (child.node) found.push(child.pid);
      queue.push(child.pid);
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.each(SERVICE_MODES)('$name (embedded PostgreSQL)', (mode) => {
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
    const first = await startService(mode, dataDir, pgPort);
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
    const started = await nodeDescendants(first.child.pid!);
    // apart: the write API, the read API, the projector and the router, each its own process
    if (mode.name.includes('apart')) expect(started.length).toBeGreaterThanOrEqual(4);
    expect(await first.stop()).toBe(0);
    expect(started.filter(alive)).toEqual([]);
    // the server was the last user: the embedded database stopped with it
    expect(await embeddedRunning()).toBe(false);

    // alone, the CLI starts the embedded server, sees the same data, and stops it again
    const alone = await ops('token', 'listar', '--empresa', empresa.id);
    expect(JSON.parse(alone.stdout)).toHaveLength(1);
    expect(await embeddedRunning()).toBe(false);

    const second = await startService(mode, dataDir, pgPort);
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
