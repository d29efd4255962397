import { createTestDatabase, describeWith } from '@factory/database/testing';
import { beforeAll, expect, it } from 'vitest';
import { loadMigrations, migrate } from './migrate.js';

describeWith(['postgres'], 'migrate', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  it('applies nothing twice: the copied template is already at the last version', async () => {
    expect(await migrate(db.pool)).toEqual([]);
    const { rows } = await db.pool.query('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual((await loadMigrations()).map((m) => m.version));
  });

  it('lets two processes migrate at once without applying a file twice', async () => {
    await db.pool.query('DROP TABLE schema_migrations');
    await db.pool.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    const [a, b] = await Promise.all([migrate(db.pool), migrate(db.pool)]);
    expect([...a, ...b].sort()).toEqual((await loadMigrations()).map((m) => m.name).sort());
  });
});
