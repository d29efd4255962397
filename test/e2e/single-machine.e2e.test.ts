import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { embeddedHome, isPortOpen } from '@factory/database';
import { createTestDatabase, freePort } from '@factory/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive, nodeDescendants } from '../support/process-tree.js';
import { SERVICE_MODES, startService } from '../support/service-process.js';

// The first README commands' path, without the install and build: `npm start` and
// `npm run start:apart` started with no DATABASE_URL run embedded PostgreSQL for their data
// folder, seed the demo company with a history, print a working token, and reuse all of it when
// started again; a start with DATABASE_URL in between makes no demo company and changes none of it.
// Apart, SIGTERM to the launcher stops every process it started. The data folder is
// inside a 0700 folder (like a checkout cloned into `mktemp -d`), which the `postgres` user
// that root runs the server as cannot enter.
const ROOT = new URL('../../', import.meta.url).pathname;
const TSX = ['--conditions=source', '--import', 'tsx'];
const run = promisify(execFile);

/** Polls `check` until it holds (the projector catches up in its own time); fails after 2 min. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never true: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(SERVICE_MODES)('$name (embedded PostgreSQL)', (mode) => {
  let parent: string;
  let dataDir: string;
  const ops = (...args: string[]) =>
    run(process.execPath, [...TSX, 'apps/ops/src/main.ts', ...args, '--json'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(pgPort) },
    });
  const embeddedRunning = async () => (await isPortOpen('127.0.0.1', pgPort)) as boolean;
  let pgPort: number;

  beforeAll(async () => {
    pgPort = await freePort();
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

    // issue 20: beside the token, the demo administrator's one-time link to the settings page
    const adminLine =
      /demo administrator \(admin@fabrica-demo\.example\): set a password and sign in at (\S+)/;
    await until(async () => adminLine.test(first.stderr()), 'the demo administrator link');
    const link = adminLine.exec(first.stderr())![1]!;
    expect(link).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${first.port}/admin/convite/[A-Za-z0-9_-]{43}$`),
    );
    const invitation = await fetch(link);
    expect(invitation.status).toBe(200);
    expect(await invitation.text()).toContain('Administrador Demo');

    // a fresh data folder gives the demo company a history: every list shows it once projected
    expect(first.stderr()).toMatch(/demo company seeded with a history/);
    const get = (path: string) =>
      fetch(`http://127.0.0.1:${first.port}${path}`, { headers: { authorization: `Bearer ${first.token}` } });
    for (const list of [
      '/v1/produtos',
      '/v1/fichas',
      '/v1/insumos',
      '/v1/estoque/saldos',
      '/v1/estoque/movimentos',
      '/v1/compras/pedidos',
      '/v1/notas',
    ])
      await until(
        async () => ((await (await get(list)).json()) as { dados: unknown[] }).dados.length > 0,
        list,
      );

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

    // a start with DATABASE_URL makes no demo company, prints no token and leaves the embedded
    // database's token file alone, so the next embedded start still prints a token that works
    const tokenFile = await readFile(join(dataDir, 'demo-token'), 'utf8');
    const elsewhere = await createTestDatabase({ poolSize: 1 });
    const withUrl = await startService(mode, dataDir, pgPort, { DATABASE_URL: elsewhere.url });
    expect(withUrl.token).toBeNull();
    expect(withUrl.stderr()).not.toMatch(/svc_live_/);
    const companies = await elsewhere.pool.query('SELECT count(*)::int AS n FROM empresas');
    expect(companies.rows[0].n).toBe(0);
    // there, the operator makes the companies and tokens (here, by semear) and they work
    const seeded = await run(
      process.execPath,
      [
        ...TSX,
        'apps/ops/src/main.ts',
        'semear',
        '--empresas',
        '1',
        '--produtos',
        '3',
        '--insumos',
        '3',
      ].concat(['--fornecedores', '1', '--movimentos', '10', '--json']),
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: elsewhere.url } },
    );
    const own = (JSON.parse(seeded.stdout) as { empresas: Array<{ token: string }> }).empresas[0]!.token;
    const ownEu = await fetch(`http://127.0.0.1:${withUrl.port}/v1/eu`, {
      headers: { authorization: `Bearer ${own}` },
    });
    expect(ownEu.status).toBe(200);
    expect(await withUrl.stop(), withUrl.stderr()).toBe(0);
    expect(await readFile(join(dataDir, 'demo-token'), 'utf8')).toBe(tokenFile);

    const second = await startService(mode, dataDir, pgPort);
    expect(second.token).toBe(first.token);
    const again = await fetch(`http://127.0.0.1:${second.port}/v1/locais`, {
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(again.status).toBe(200);
    const { dados } = (await again.json()) as { dados: Array<{ nome: string }> };
    expect(dados.map((l) => l.nome)).toEqual(['Depósito central', 'Fábrica', 'Terceiro costura']);
    expect(second.stderr()).not.toMatch(/seeded with a history/); // once, on the fresh folder only
    expect(await second.stop()).toBe(0);
    expect(await embeddedRunning()).toBe(false);
  }, 180_000);
});
