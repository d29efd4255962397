import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_MACHINE, startService } from '../support/service-process.js';

// The first README command's path, without the install and build: the single-machine server
// started with no DATABASE_URL runs embedded PostgreSQL in its data folder, seeds the demo
// company, prints a working token, and reuses all of it when started again.
const ROOT = new URL('../../', import.meta.url).pathname;
const TSX = ['--conditions=source', '--import', 'tsx'];
const run = promisify(execFile);

describe('single-machine start (embedded PostgreSQL)', () => {
  let dataDir: string;
  const pgPort = 55_000 + Math.floor(Math.random() * 4_000);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'factory-e2e-'));
    await chmod(dataDir, 0o755); // as root, embedded PostgreSQL runs as `postgres` and must enter it
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves /v1/eu with the printed token, and again after a restart with the same data', async () => {
    const first = await startService(SINGLE_MACHINE, dataDir, pgPort);
    const eu = await fetch(`http://127.0.0.1:${first.port}/v1/eu`, {
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(eu.status).toBe(200);
    const { empresa } = (await eu.json()) as { empresa: { id: string; nome: string } };
    expect(empresa.nome).toBe('Fábrica Demo');

    // the operations CLI finds the running embedded server by itself
    const { stdout } = await run(
      process.execPath,
      [...TSX, 'apps/ops/src/main.ts', 'token', 'listar', '--empresa', empresa.id, '--json'],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(pgPort) },
      },
    );
    expect(JSON.parse(stdout)).toHaveLength(1);
    expect(await first.stop()).toBe(0);

    const second = await startService(SINGLE_MACHINE, dataDir, pgPort);
    expect(second.token).toBe(first.token);
    const again = await fetch(`http://127.0.0.1:${second.port}/v1/locais`, {
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(again.status).toBe(200);
    const { dados } = (await again.json()) as { dados: Array<{ nome: string }> };
    expect(dados.map((l) => l.nome)).toEqual(['Depósito central', 'Fábrica', 'Terceiro costura']);
    expect(await second.stop()).toBe(0);
  }, 180_000);
});
