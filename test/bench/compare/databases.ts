import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The databases of a comparison, on one PostgreSQL server (DATABASE_URL, default
 * 127.0.0.1:5432): one template per build, seeded by that build, and one copy of it per run.
 * Only plain SQL on tables both builds share (the log, the projections' checkpoints and their
 * `<projection>_*` tables), so neither build's code is loaded here.
 */
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function freshName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database, empty or a copy of `template` (which nobody may be connected to). */
export function createDatabase(name: string, template?: string): Promise<void> {
  return admin(async (c) => {
    await c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  });
}

export function dropDatabase(name: string): Promise<void> {
  return admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

export async function withDatabase<T>(name: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The live projections (checkpoint rows of no rebuild) and the tables each one owns. */
export interface Projections {
  names: string[];
  /** table → rows after the seeding's own catch-up: the catch-up of each run must rebuild as many. */
  rows: Map<string, number>;
}

/**
 * Empties every projection of a seeded database, so the projector of a run catches up the
 * whole log from position zero. A projection's tables are those named after it
 * (`estoque_*`, `catalogo_*`, `producao_*`): the read models' own naming rule, checked after
 * each catch-up by their row counts.
 */
export async function emptyProjections(client: pg.Client): Promise<Projections> {
  const { rows: live } = await client.query<{ name: string }>(
    `SELECT name FROM projection_checkpoints WHERE name NOT LIKE '%@%' ORDER BY name`,
  );
  const names = live.map((r) => r.name);
  const rows = await projectionRows(client, names);
  await client.query(`TRUNCATE ${[...rows.keys()].join(', ')}`);
  await client.query(
    `UPDATE projection_checkpoints SET tx_id = 0, position = 0, watermark = NULL, erro = NULL
      WHERE name = ANY($1)`,
    [names],
  );
  await client.query('VACUUM ANALYZE');
  return { names, rows };
}

export async function projectionRows(client: pg.Client, names: string[]): Promise<Map<string, number>> {
  const { rows: tables } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND split_part(table_name, '_', 1) = ANY($1)
      ORDER BY table_name`,
    [names],
  );
  const rows = new Map<string, number>();
  for (const { table_name } of tables) {
    const { rows: counted } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table_name}`);
    rows.set(table_name, Number(counted[0]!.n));
  }
  return rows;
}
