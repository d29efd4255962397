import { createTestDatabase, describeWith } from '@factory/database/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePlan, genericPlanNodes } from '../test/plan-nodes.js';
import { createPool, type Pool } from './pool.js';

describeWith(['postgres'], 'a pool’s plans of named statements', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const pools: Pool[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
    const pool = createPool(db.url, { max: 1 });
    pools.push(pool);
    // A table analyzed while empty (a fresh install's first autovacuum): the plan a connection
    // settles on now is the one it keeps while the table grows, until the next ANALYZE.
    await pool.query('CREATE TABLE plan_probe (k uuid PRIMARY KEY, v text)');
    await pool.query('ANALYZE plan_probe');
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
  });

  // The shape of the write path's lookups by key: a lateral probe per key of an array.
  const probe = {
    text: `SELECT x.k, p.v FROM unnest($1::uuid[]) AS x(k)
             CROSS JOIN LATERAL (SELECT v FROM plan_probe WHERE k = x.k LIMIT 1) p`,
    values: [[]],
  };

  async function genericPlanOn(indexPlans: boolean) {
    const pool = createPool(db.url, { max: 1, indexPlans });
    pools.push(pool);
    return describePlan(await genericPlanNodes(pool, probe));
  }

  it('keeps the key’s index in the plan a connection settles on, with indexPlans', async () => {
    const plan = await genericPlanOn(true);
    expect(plan).toContain('Index Scan using plan_probe_pkey on plan_probe');
    expect(plan).not.toContain('Seq Scan');
  });

  it('scans such a table for every key by default, as PostgreSQL does', async () => {
    expect(await genericPlanOn(false)).toContain('Seq Scan on plan_probe');
  });
});
