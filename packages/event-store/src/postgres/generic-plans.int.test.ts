import { randomUUID } from 'node:crypto';
import { createTestDatabase, describePlan, describeWith, genericPlanNodes } from '@factory/database/testing';
import { beforeAll, expect, it } from 'vitest';
import type { AppendRequest } from '../event-store.js';
import { claimsFree, SNAPSHOTS_TABLE, statementWrites } from './append-parts.js';
import { appendStatement } from './append-statement.js';
import { loadStreamsStatement } from './load-streams.js';
import { READ_ALL_SQL } from './read-all.js';

// The append and loadStreams are named statements: each connection keeps the generic plan it
// settles on until the tables' statistics change. Planned on a fresh database, with the tables
// empty, a join or a semi-join by key became a hash join over a scan of the whole table, kept as
// the table grew (until the next ANALYZE). These plans are made on empty tables, as there.
describeWith(['postgres'], 'the append’s and loadStreams’ plans on a fresh database', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  const LOOKED_UP = ['events', 'write_side_unique_keys', SNAPSHOTS_TABLE];
  const scansOf = (nodes: Awaited<ReturnType<typeof genericPlanNodes>>) =>
    nodes.filter((n) => n.type === 'Seq Scan' && LOOKED_UP.includes(n.relation ?? ''));

  // Not the releases' delete: see RELEASES in append-parts.ts.
  it('probes keys, never scans, in an append with claims, snapshots and guards', async () => {
    const empresaId = randomUUID();
    const owner = randomUUID();
    const eventId = randomUUID();
    const key = { scope: 'produto_sku', empresaId, value: 'SKU-1' };
    const request: AppendRequest = {
      streams: [
        {
          stream: `produto-${owner}`,
          expectedRevision: 'no_stream',
          events: [{ id: eventId, type: 'T.v1', data: {} }],
        },
      ],
      uniqueness: [{ op: 'claim', key, owner }],
      snapshots: [{ kind: 'produto', stream: `produto-${owner}`, eventId, revision: 0, data: {} }],
    };
    const claims = request.uniqueness!.filter((c) => c.op === 'claim');
    const statement = appendStatement(request.streams, statementWrites(request, { keys: true }), [
      claimsFree(claims),
    ]);
    const nodes = await genericPlanNodes(db.pool, statement);
    expect(scansOf(nodes), describePlan(nodes)).toEqual([]);
  });

  it('probes the snapshot and the stream’s events by key in loadStreams', async () => {
    const nodes = await genericPlanNodes(
      db.pool,
      loadStreamsStatement([{ stream: 'produto-x', snapshot: 'produto' }]),
    );
    expect(scansOf(nodes), describePlan(nodes)).toEqual([]);
  });

  it('reads the log along its (tx_id, position) index, with no sort, in readAll', async () => {
    const nodes = await genericPlanNodes(db.pool, { text: READ_ALL_SQL, values: ['0', 0, 1000] });
    expect(scansOf(nodes), describePlan(nodes)).toEqual([]);
    expect(
      nodes.map((n) => n.type),
      describePlan(nodes),
    ).not.toContain('Sort');
  });
});
