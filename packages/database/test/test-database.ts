import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createPool, type Pool } from '../src/index.js';
import { afterTestFile } from './after-test-file.js';
import { withDatabase } from './services.js';

export interface TestDatabase {
  name: string;
  url: string;
  pool: Pool;
}

async function createFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two files copying the same template at once make PostgreSQL refuse one of them; retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        if (attempt >= 50 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 150));
      }
    }
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database of this test file's own, dropped after the file's tests.
 * Call it from beforeAll inside a `describeWithPostgres` block.
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const services = inject('testServices');
  if (!services.pgAdminUrl || !services.templateDatabase) throw new Error('no PostgreSQL for tests');
  const adminUrl = services.pgAdminUrl;
  const name = `ft_${services.ownerPid}_${randomBytes(6).toString('hex')}`;
  await createFromTemplate(adminUrl, name, services.templateDatabase);
  const url = withDatabase(adminUrl, name);
  const pool = createPool(url, { max: options.poolSize ?? 10, name: 'test' });
  afterTestFile(async () => {
    await pool.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });
  return { name, url, pool };
}
