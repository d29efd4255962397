import { randomUUID } from 'node:crypto';
import { createPostgresEventStore, type EventStore } from '@factory/event-store';
import { startJobRunner } from '@factory/jobs';
import {
  followOpenRebuilds,
  PROJECTIONS,
  type Projector,
  rebuildJob,
  silentLog,
  startProjector,
  waitUntilCaughtUp,
} from '@factory/read-models';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  randomStep,
  seedCatalog,
} from '../../../packages/read-models/test/catalog/catalog-workload.fixture.js';
import { CatalogWriter } from '../../../packages/read-models/test/catalog/catalog-writer.fixture.js';
import { json, ops, startOps } from '../test/run-cli.fixture.js';

interface Rebuilt {
  projecoes: Array<{ nome: string; versao: number; eventos: number; segundos: number }>;
}
interface Started {
  trabalhos: Array<{ nome: string; id: string }>;
}
interface Verified {
  diferencas: number;
  exemplos: Array<Record<string, unknown>>;
}

// The operator's projection commands as operators script them: exact --json keys, exit codes.
// Every test spawns the real CLI several times: each start costs seconds on a busy machine.
const CLI_TIMEOUT_MS = 180_000;

describeWith(['postgres'], 'ops CLI: projecoes reconstruir and verificar', () => {
  let db: TestDatabase;
  let store: EventStore;
  let live: Projector;
  let worker: { close(): Promise<void> } | null = null;
  const env = () => ({ DATABASE_URL: db.url });
  const cli = (...args: string[]) => ops(args, env());

  /** What apps/projector runs besides the live builds: the rebuild jobs (in-process here). */
  const startWorker = async () => {
    const jobs = await startJobRunner({
      redisUrl: null,
      kinds: [rebuildJob({ databaseUrl: db.url, projections: PROJECTIONS, log: silentLog })],
      log: silentLog,
    });
    const follower = await followOpenRebuilds({ pool: db.pool, jobs, log: silentLog, everyMs: 100 });
    worker = {
      async close() {
        await follower.close();
        await jobs.close();
      },
    };
  };
  const stopWorker = async () => {
    await worker?.close();
    worker = null;
  };
  /** How many commands follow a rebuild (each holds an advisory lock on it). */
  const followed = async () =>
    (
      await db.pool.query(
        `SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      )
    ).rowCount;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore({ pool: db.pool });
    live = startProjector({ pool: db.pool, eventStore: store, projections: PROJECTIONS });
    const w = new CatalogWriter(store, randomUUID());
    const workload = await seedCatalog(w, { items: 4, products: 5 });
    for (let i = 0; i < 60; i++) await randomStep(w, workload);
    for (const p of PROJECTIONS) await waitUntilCaughtUp(db.pool, store, p.name, { timeoutMs: 30_000 });
  }, 60_000);
  afterAll(async () => {
    await stopWorker();
    await live.close();
    await store.close();
  }, CLI_TIMEOUT_MS);

  it(
    'rebuilds one projection and prints it once swapped',
    async () => {
      await startWorker();
      const done = json<Rebuilt>(await cli('projecoes', 'reconstruir', '--projecao', 'estoque', '--json'));
      expect(done.projecoes).toHaveLength(1);
      expect(Object.keys(done.projecoes[0]!)).toEqual(['nome', 'versao', 'eventos', 'segundos']);
      expect(done.projecoes[0]).toMatchObject({ nome: 'estoque', versao: 2 });
      expect(done.projecoes[0]!.eventos).toBeGreaterThan(60);
      expect(json<Verified>(await cli('projecoes', 'verificar', '--json'))).toMatchObject({
        diferencas: 0,
        exemplos: [],
      });
      await stopWorker();
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'refuses a second rebuild while one is followed, stops on Ctrl-C saying how to resume, and follows it when run again',
    async () => {
      // No worker yet: the rebuild waits, so the first command is still following it.
      const first = startOps(['projecoes', 'reconstruir', '--projecao', 'catalogo', '--json'], env());
      await expect.poll(followed, { timeout: 30_000 }).toBe(1);
      const second = await cli('projecoes', 'reconstruir', '--projecao', 'catalogo', '--json');
      const { rows } = await db.pool.query<{ id: string; sem_esperar: boolean }>(
        "SELECT id, sem_esperar FROM projection_rebuilds WHERE projecao = 'catalogo'",
      );
      // Recorded as followed by its command: once that command is gone, the next one takes it up.
      expect(rows[0]!.sem_esperar).toBe(false);
      expect(second).toMatchObject({ code: 1, stdout: '' });
      expect(second.stderr).toContain(rows[0]!.id);
      expect(second.stderr.trimEnd().split('\n')).toHaveLength(1);
      const noWait = await cli(
        'projecoes',
        'reconstruir',
        '--projecao',
        'catalogo',
        '--sem-esperar',
        '--json',
      );
      expect(noWait.code).toBe(1);

      first.kill('SIGINT');
      const stopped = await first.run;
      expect(stopped).toMatchObject({ code: 1, stdout: '' });
      expect(stopped.stderr).toMatch(/interrompido.*projecoes reconstruir --projecao catalogo/);

      // Run again (before any worker took the rebuild): it follows the open one, starting none.
      const again = startOps(['projecoes', 'reconstruir', '--projecao', 'catalogo', '--json'], env());
      await expect.poll(followed, { timeout: 30_000 }).toBe(1);
      await startWorker();
      const resumed = json<Rebuilt>(await again.run);
      expect(resumed.projecoes).toEqual([expect.objectContaining({ nome: 'catalogo', versao: 2 })]);
      expect(
        (
          await db.pool.query(
            "SELECT count(*)::int AS n FROM projection_rebuilds WHERE projecao = 'catalogo'",
          )
        ).rows[0].n,
      ).toBe(1);
      await stopWorker();
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'starts every rebuild at once with --sem-esperar and prints the jobs',
    async () => {
      await startWorker();
      const started = json<Started>(
        await cli('projecoes', 'reconstruir', '--todas', '--sem-esperar', '--json'),
      );
      expect(started.trabalhos.map((t) => t.nome)).toEqual(PROJECTIONS.map((p) => p.name));
      expect(Object.keys(started.trabalhos[0]!)).toEqual(['nome', 'id']);
      await expect
        .poll(
          async () =>
            (
              await db.pool.query<{ estado: string }>(
                'SELECT estado FROM projection_rebuilds WHERE id = ANY($1)',
                [started.trabalhos.map((t) => t.id)],
              )
            ).rows.map((r) => r.estado),
          { timeout: 30_000 },
        )
        .toEqual(PROJECTIONS.map(() => 'concluida'));
      await stopWorker();
      const status = json<{ projecoes: Array<{ nome: string; versao: number }> }>(
        await cli('projecoes', 'status', '--json'),
      );
      expect(status.projecoes.map((p) => [p.nome, p.versao])).toEqual(
        PROJECTIONS.map((p) => [p.name, p.name === 'estoque' || p.name === 'catalogo' ? 3 : 2]),
      );
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'verificar exits 1 with the differing field, and reads without repairing',
    async () => {
      const { rows } = await db.pool.query<{ id: string }>(
        "UPDATE catalogo_insumos SET nome = 'mudado à mão' WHERE id = (SELECT id FROM catalogo_insumos ORDER BY id LIMIT 1) RETURNING id",
      );
      const run = await cli('projecoes', 'verificar', '--projecao', 'catalogo', '--json');
      expect(run.code).toBe(1);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      const result = JSON.parse(run.stdout) as Verified;
      expect(result.diferencas).toBe(1);
      expect(Object.keys(result.exemplos[0]!)).toEqual([
        'projecao',
        'tabela',
        'chave',
        'campo',
        'ao_vivo',
        'reconstruido',
      ]);
      expect(result.exemplos[0]).toMatchObject({
        projecao: 'catalogo',
        tabela: 'catalogo_insumos',
        chave: { id: rows[0]!.id },
        campo: 'nome',
        ao_vivo: 'mudado à mão',
      });
      // The stock is untouched, and nothing was repaired.
      expect((await cli('projecoes', 'verificar', '--projecao', 'estoque', '--json')).code).toBe(0);
      expect((await cli('projecoes', 'verificar', '--projecao', 'catalogo', '--json')).code).toBe(1);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'refuses wrong command lines with exit 2 and a bad company with exit 1, changing nothing',
    async () => {
      const before = (await db.pool.query('SELECT count(*)::int AS n FROM projection_rebuilds')).rows[0].n;
      for (const args of [
        ['projecoes', 'reconstruir', '--json'],
        ['projecoes', 'reconstruir', '--projecao', 'estoque', '--todas', '--json'],
        ['projecoes', 'reconstruir', '--projecao', 'vendas', '--json'],
        ['projecoes', 'verificar', '--projecao', 'vendas', '--json'],
        ['projecoes', 'verificar', '--todas', '--json'],
      ]) {
        const run = await cli(...args);
        expect(run, args.join(' ')).toMatchObject({ code: 2, stdout: '' });
      }
      const bad = await cli('projecoes', 'verificar', '--empresa', 'nao-e-uuid', '--json');
      expect(bad).toMatchObject({ code: 1, stdout: '' });
      expect((await db.pool.query('SELECT count(*)::int AS n FROM projection_rebuilds')).rows[0].n).toBe(
        before,
      );
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'refuses a second rebuild of one started with --sem-esperar, naming it, and never follows it',
    async () => {
      // No worker: the detached rebuild stays open, and nobody follows it.
      const started = json<Started>(
        await cli('projecoes', 'reconstruir', '--projecao', 'estoque', '--sem-esperar', '--json'),
      );
      const id = started.trabalhos[0]!.id;
      const rebuilds = async () =>
        (await db.pool.query('SELECT count(*)::int AS n FROM projection_rebuilds')).rows[0].n;
      const before = await rebuilds();
      // Waiting or not, one projection or all: exit 1, one line naming the running rebuild.
      for (const args of [
        ['--projecao', 'estoque'],
        ['--todas'],
        ['--projecao', 'estoque', '--sem-esperar'],
      ]) {
        const second = await cli('projecoes', 'reconstruir', ...args, '--json');
        expect(second, args.join(' ')).toMatchObject({ code: 1, stdout: '' });
        expect(second.stderr.trimEnd().split('\n')).toHaveLength(1);
        expect(second.stderr).toContain(`trabalho ${id}`);
        expect(second.stderr).toContain('iniciada com --sem-esperar');
      }
      expect(await rebuilds()).toBe(before);
      expect(await followed()).toBe(0);
      const { rows } = await db.pool.query<{ sem_esperar: boolean; estado: string }>(
        'SELECT sem_esperar, estado FROM projection_rebuilds WHERE id = $1',
        [id],
      );
      expect(rows).toEqual([{ sem_esperar: true, estado: 'reconstruindo' }]);

      // A worker still builds it to the end.
      await startWorker();
      await expect
        .poll(
          async () =>
            (await db.pool.query('SELECT estado FROM projection_rebuilds WHERE id = $1', [id])).rows[0]
              .estado,
          { timeout: 60_000 },
        )
        .toBe('concluida');
      await stopWorker();
    },
    CLI_TIMEOUT_MS,
  );
});
