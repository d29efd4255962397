import type { Pool, PoolClient } from '../src/index.js';

export interface PlanNode {
  type: string;
  relation: string | null;
  index: string | null;
}

interface Query {
  text: string;
  values: readonly unknown[];
}

/** The nodes of a query's plan (EXPLAIN, not run), depth first: what the plan tests inspect. */
export async function planNodes(db: Pool | PoolClient, query: Query): Promise<PlanNode[]> {
  const { rows } = await db.query<ExplainRow>(`EXPLAIN (FORMAT JSON) ${query.text}`, [...query.values]);
  return flatten(rows[0]!['QUERY PLAN'][0].Plan);
}

/**
 * The nodes of the generic plan a named statement settles on: the plan a connection keeps for
 * the statement until the tables' statistics change. Made here with the tables as they are
 * now (an empty table never analyzed gets the planner's guess of a few hundred rows), as on a
 * fresh database.
 */
export async function genericPlanNodes(pool: Pool, query: Query): Promise<PlanNode[]> {
  const client = await pool.connect();
  try {
    await client.query("SET plan_cache_mode = 'force_generic_plan'");
    await client.query(`PREPARE generic_plan_probe AS ${query.text}`);
    // A generic plan does not depend on the values (EXPLAIN EXECUTE takes no bound parameters).
    const nulls = query.values.map(() => 'NULL').join(', ');
    const { rows } = await client.query<ExplainRow>(
      `EXPLAIN (FORMAT JSON) EXECUTE generic_plan_probe(${nulls})`,
    );
    return flatten(rows[0]!['QUERY PLAN'][0].Plan);
  } finally {
    await client.query('DEALLOCATE ALL').catch(() => {});
    await client.query('RESET plan_cache_mode').catch(() => {});
    client.release();
  }
}

interface RawNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: RawNode[];
}

type ExplainRow = { 'QUERY PLAN': [{ Plan: RawNode }] };

function flatten(root: RawNode): PlanNode[] {
  const nodes: PlanNode[] = [];
  const visit = (node: RawNode) => {
    nodes.push({
      type: node['Node Type'],
      relation: node['Relation Name'] ?? null,
      index: node['Index Name'] ?? null,
    });
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(root);
  return nodes;
}

/** "Limit > Index Scan using estoque_movimentos_lista on estoque_movimentos > ..." */
export const describePlan = (nodes: PlanNode[]): string =>
  nodes
    .map((n) =>
      [n.type, n.index && `using ${n.index}`, n.relation && `on ${n.relation}`].filter(Boolean).join(' '),
    )
    .join(' > ');
