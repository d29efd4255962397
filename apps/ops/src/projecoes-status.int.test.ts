import { randomUUID } from 'node:crypto';
import { createPostgresEventStore, type EventStore } from '@factory/event-store';
import {
  PROJECTIONS,
  type Projector,
  readProjectionStatus,
  startProjector,
  waitUntilCaughtUp,
} from '@factory/read-models';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { StockWriter } from '../../../packages/read-models/test/stock/stock-writer.fixture.js';
import { json, ops } from '../test/run-cli.fixture.js';

const KEYS = [
  'nome',
  'versao',
  'estado',
  'posicao',
  'cabeca',
  'atraso_eventos',
  'atraso_segundos',
  'reconstrucao',
  'erro',
];

interface Status {
  projecoes: Array<Record<string, unknown>>;
}

// Every test spawns the real CLI several times: each start costs seconds on a busy machine.
const CLI_TIMEOUT_MS = 180_000;

describeWith(['postgres'], 'ops CLI: projecoes status', () => {
  let db: TestDatabase;
  let store: EventStore;
  let projector: Projector | undefined;
  const status = async () =>
    json<Status>(await ops(['projecoes', 'status', '--json'], { DATABASE_URL: db.url }));

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore({ pool: db.pool, listen: null });
  });
  afterAll(async () => {
    await projector?.close();
    await store.close();
  }, CLI_TIMEOUT_MS);

  it(
    'reads each projection from what the projector records: lag while stopped, at the head once it runs',
    async () => {
      const empty = await status();
      expect(empty.projecoes.map((p) => p.nome)).toEqual(['estoque', 'catalogo', 'producao', 'compras']);
      for (const p of empty.projecoes) {
        expect(Object.keys(p)).toEqual(KEYS);
        expect(p).toMatchObject({ versao: 1, estado: 'parada', posicao: 0, cabeca: 0, atraso_eventos: 0 });
      }

      const writer = new StockWriter(store, randomUUID());
      const item = await writer.defineItem();
      for (let i = 0; i < 5; i++) await writer.move(item, randomUUID(), 3, { custo_unitario: '2.50' });
      const head = (await store.readHead()).checkpoint.position;
      const behind = await status();
      for (const p of behind.projecoes) {
        expect(p).toMatchObject({
          estado: 'parada',
          posicao: 0,
          cabeca: head,
          atraso_eventos: 6,
          reconstrucao: null,
        });
        expect(p.atraso_segundos).toBeGreaterThan(0);
      }

      projector = startProjector({ pool: db.pool, eventStore: store, projections: PROJECTIONS });
      for (const p of PROJECTIONS) await waitUntilCaughtUp(db.pool, store, p.name);
      // The worker signs in with its first heartbeat, which may come after the catch-up.
      await expect
        .poll(async () => (await readProjectionStatus(db.pool, store, PROJECTIONS)).map((p) => p.estado), {
          timeout: 20_000,
        })
        .toEqual(PROJECTIONS.map(() => 'ativa'));
      const live = await status();
      for (const p of live.projecoes)
        expect(p).toMatchObject({
          versao: 1,
          estado: 'ativa',
          posicao: head,
          cabeca: head,
          atraso_eventos: 0,
          atraso_segundos: 0,
          reconstrucao: null,
          erro: null,
        });
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'refuses an option it does not take (exit 2) and prints a table without --json',
    async () => {
      const wrong = await ops(['projecoes', 'status', '--projecao', 'estoque'], { DATABASE_URL: db.url });
      expect(wrong.code).toBe(2);
      expect(wrong.stdout).toBe('');
      const text = await ops(['projecoes', 'status'], { DATABASE_URL: db.url });
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/^nome\s+versao\s+estado/);
    },
    CLI_TIMEOUT_MS,
  );
});
