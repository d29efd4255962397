import { randomUUID } from 'node:crypto';
import { createTestDatabase, describeWith } from '@factory/database/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, type Pool } from './pool.js';

describeWith(['postgres'], 'a pool’s plans of named statements', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const pools: Pool[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
  });

  // Ten runs of one named statement on one connection, then that connection's own count of the
  // statement's plans (pg_prepared_statements is per session).
  async function plansAfterTenRuns(customPlans: boolean) {
    const pool = createPool(db.url, { max: 1, customPlans });
    pools.push(pool);
    const statement = {
      name: 'plan-probe',
      text: 'SELECT * FROM events WHERE event_id = $1',
      values: [randomUUID()],
    };
    for (let i = 0; i < 10; i++) await pool.query(statement);
    const { rows } = await pool.query<{ generic_plans: number; custom_plans: number }>(
      `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'plan-probe'`,
    );
    return rows[0];
  }

  it('plans them at every run with customPlans, as the tables are then', async () => {
    expect(await plansAfterTenRuns(true)).toEqual({ generic_plans: 0, custom_plans: 10 });
  });

  it('settles on a generic plan by default, as PostgreSQL does', async () => {
    const plans = await plansAfterTenRuns(false);
    expect(plans?.generic_plans).toBeGreaterThan(0);
  });
});
