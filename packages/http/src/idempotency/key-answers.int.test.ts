import { randomUUID } from 'node:crypto';
import { createTestDatabase, describePlan, describeWith, genericPlanNodes } from '@factory/database/testing';
import { beforeAll, expect, it } from 'vitest';
import { firstKeyId, unusedKeysGuard } from './key-answers.js';

describeWith(['postgres'], 'the first answers’ guard', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  // The append that carries it is a named statement: each connection keeps the generic plan it
  // made first. Made on a fresh database (the table empty), a semi-join's plan scanned the whole
  // table and kept doing so as it grew, 3 ms a batch at 8,000 keys, until the next ANALYZE.
  it('probes the primary key in the plan a named statement keeps, even planned on an empty table', async () => {
    const guard = unusedKeysGuard([firstKeyId({ tokenId: randomUUID(), key: 'k-1' })]);
    const nodes = await genericPlanNodes(db.pool, guard);
    const onKeys = nodes.filter((n) => n.relation === 'idempotency_keys');
    expect(onKeys.length, describePlan(nodes)).toBeGreaterThan(0);
    expect(
      onKeys.every((n) => n.index === 'idempotency_keys_pkey'),
      describePlan(nodes),
    ).toBe(true);
  });
});
