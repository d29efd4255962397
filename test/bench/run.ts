import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { isPortOpen } from '@factory/database';
import pg from 'pg';
import type { BenchContext } from './support/bench-context.js';

// `npm run bench`: runs every *.bench.ts here (or those named on the command line), each on a
// fresh database of its own, and prints their figures. Nothing is asserted.
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl =
  process.env.REDIS_URL || ((await isPortOpen('127.0.0.1', 6379)) ? 'redis://127.0.0.1:6379' : null);
const only = process.argv.slice(2);
const files = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

async function withDatabase(work: (url: string) => Promise<void>): Promise<void> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

for (const file of files) {
  console.log(`\n== ${file}`);
  const bench = (await import(`./${file}`)) as { run(ctx: BenchContext): Promise<void> };
  await withDatabase((databaseUrl) => bench.run({ databaseUrl, redisUrl, log: (line) => console.log(line) }));
}
