// A test database with the event store and a projector hosting every projection, and a
// catalog writer per company: for the catalog projection's integration tests.
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@factory/event-store';
import { createTestDatabase, type TestDatabase } from '@factory/testing';
import { PROJECTIONS } from '../../src/projections.js';
import { waitUntilCaughtUp } from '../../src/projector/wait-for-projection.js';
import { startFollowingProjector } from '../projector/following-projector.fixture.js';
import { CatalogWriter } from './catalog-writer.fixture.js';

export interface CatalogDb {
  db: TestDatabase;
  store: EventStore;
  /** A writer for a new company (its own random id). */
  company(clock?: () => Date): CatalogWriter;
  /** Waits until both projections have applied everything appended so far. */
  settled(): Promise<void>;
  row(table: string, empresaId: string, id: string, key?: string): Promise<Record<string, unknown>>;
}

export async function createCatalogDb(options: { batchSize?: number } = {}): Promise<CatalogDb> {
  const db = await createTestDatabase();
  const store = startFollowingProjector(db, { batchSize: options.batchSize });
  return {
    db,
    store,
    company: (clock) => new CatalogWriter(store, randomUUID(), clock),
    async settled() {
      for (const name of PROJECTIONS.map((p) => p.name)) await waitUntilCaughtUp(db.pool, store, name);
    },
    async row(table, empresaId, id, key = 'id') {
      const { rows } = await db.pool.query(
        `SELECT *, atualizado_em::text AS atualizado_em_texto FROM ${table} WHERE empresa_id = $1 AND ${key} = $2`,
        [empresaId, id],
      );
      if (!rows[0]) throw new Error(`no ${table} row ${id}`);
      return rows[0];
    },
  };
}
