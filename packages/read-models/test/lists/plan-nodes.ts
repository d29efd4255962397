import type { Pool, PoolClient } from '@factory/database';

export interface PlanNode {
  type: string;
  relation: string | null;
  index: string | null;
}

/** The nodes of a query's plan (EXPLAIN, not run), depth first: what the plan tests inspect. */
export async function planNodes(
  db: Pool | PoolClient,
  query: { text: string; values: unknown[] },
): Promise<PlanNode[]> {
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: RawNode }] }>(
    `EXPLAIN (FORMAT JSON) ${query.text}`,
    query.values,
  );
  const nodes: PlanNode[] = [];
  const visit = (node: RawNode) => {
    nodes.push({
      type: node['Node Type'],
      relation: node['Relation Name'] ?? null,
      index: node['Index Name'] ?? null,
    });
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(rows[0]!['QUERY PLAN'][0].Plan);
  return nodes;
}

interface RawNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: RawNode[];
}

/** "Limit > Index Scan using estoque_movimentos_lista on estoque_movimentos > ..." */
export const describePlan = (nodes: PlanNode[]): string =>
  nodes
    .map((n) =>
      [n.type, n.index && `using ${n.index}`, n.relation && `on ${n.relation}`].filter(Boolean).join(' '),
    )
    .join(' > ');
