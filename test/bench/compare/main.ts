import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { type Build, checkout, workingTree } from './checkout.js';
import { createDatabase, databaseUrl, dropDatabase, freshName, withDatabase } from './databases.js';
import { comparisonTable, type Run } from './report.js';
import type { Figures, Settings } from './run-context.js';
import { parseScenarios, runScenarios, SCENARIOS } from './scenarios.js';
import { type Seeded, seed, type Template, toTemplate, upgradedCopy } from './seed-template.js';

/**
 * `npm run bench:compare -- <baseline-ref> [--current <ref>] [--pairs 3] [--order abba|abab] [--history shared|each] [--scenarios a,b] [--events N] ...`
 *
 * Issue 21 §6 and issue 24: the same scenarios (scenarios.ts: the projector's catch-up, the
 * reads, the log read, rebuild, verificar, accepted movements, catalog batches), each with the
 * bare or raw reference its issue 24 ratio divides by, measured in the same run, on
 * a baseline commit and on the current tree, alternated in pairs (see --order), each run on a
 * fresh copy of its build's seeded database (by default one history for both, see --history),
 * with the machine's load at each run
 * and every pair's ratio current ÷ baseline, then their median. The baseline is checked out
 * into a temporary worktree outside the repository (removed at the end); the current build is
 * this working tree, or `--current <ref>` in a worktree of its own. Each build runs its own
 * processes (write API, read API, projector, ops CLI) from its own sources, so the scenario does
 * not depend on either build's bench code. Nothing is asserted.
 */
const REPO = new URL('../../../', import.meta.url).pathname.replace(/\/$/, '');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    current: { type: 'string' },
    pairs: { type: 'string', default: '3' },
    order: { type: 'string', default: 'abba' },
    history: { type: 'string', default: 'shared' },
    produtos: { type: 'string', default: '200' },
    insumos: { type: 'string', default: '500' },
    fornecedores: { type: 'string', default: '20' },
    events: { type: 'string', default: '60000' },
    scenarios: { type: 'string', default: SCENARIOS.join(',') },
    batches: { type: 'string', default: '20' },
    semente: { type: 'string', default: 'bench-compare' },
    'list-seconds': { type: 'string', default: '4' },
    'movement-seconds': { type: 'string', default: '6' },
  },
});
const baselineRef = positionals[0];
if (!baselineRef || positionals.length > 1) {
  console.error(
    `usage: npm run bench:compare -- <baseline-ref> [--current <ref>] [--pairs N] [--order abba|abab] [--history shared|each] [--scenarios ${SCENARIOS.join(',')}] [--events N] [--batches N] [--list-seconds N] [--movement-seconds N]`,
  );
  process.exit(2);
}
const int = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
};
const sizes = {
  produtos: int('produtos'),
  insumos: int('insumos'),
  fornecedores: int('fornecedores'),
  // the movements semear writes: the log holds these and the catalog's events (about 1,600 more)
  movimentos: int('events'),
};
const settings: Settings = {
  listSeconds: int('list-seconds'),
  movementSeconds: int('movement-seconds'),
  batches: Math.max(1, int('batches')),
};
const scenarios = parseScenarios(values.scenarios!);
const pairs = Math.max(1, int('pairs'));
// abba: the pairs take turns at going first (baseline, current; current, baseline; ...), so a
// machine whose load drifts during the run does not always hand the later slot to the same build.
// abab: the baseline always first.
if (values.order !== 'abba' && values.order !== 'abab') throw new Error('--order is abba or abab');
const order = values.order;
// shared: the baseline's semear writes the one history both builds run on (the current build's
// copy upgraded by its own migrations), so a semear that writes more (issue 19's purchases)
// changes neither side's work. each: every build seeds its own with its own semear.
if (values.history !== 'shared' && values.history !== 'each') throw new Error('--history is shared or each');
const history = values.history;

const startedAt = performance.now();
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const log = (line: string) => console.log(`[compare] ${line}`);

// As `npm run bench`: REDIS_URL, else a Redis on 127.0.0.1:6379 if one answers, else none.
const redisUrl =
  process.env.REDIS_URL ??
  (await new Promise<string>((resolve) => {
    const socket = connect(6379, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('redis://127.0.0.1:6379');
    });
    socket.once('error', () => resolve(''));
  }));

const builds: Build[] = [];
const databases: string[] = [];
const templates: Template[] = [];
let stopping = false;
const cleanUp = async () => {
  for (const name of databases.splice(0)) await dropDatabase(name);
  for (const build of builds.splice(0)) build.remove();
};
process.once('SIGINT', () => {
  stopping = true;
  log('SIGINT: removing the databases and worktrees, then exiting');
  void cleanUp().finally(() => process.exit(130));
});

/**
 * A copy of the current build's seeded history with its projections: the bare references (this tree's code) run on it in
 * every run, as they need this tree's schema, which a baseline from before a migration lacks.
 */
let referenceUrl = '';

async function oneRun(pair: number, build: Build, template: Template): Promise<Run> {
  const name = freshName(`cmp_run_${build.label}`);
  await createDatabase(name, template.name);
  const url = databaseUrl(name);
  const figures: Figures = new Map();
  const loadBefore = loadavg();
  try {
    await withDatabase(name, (client) =>
      runScenarios(
        { build, url, referenceUrl, client, redisUrl, template, settings, figures, log },
        scenarios,
      ),
    );
  } finally {
    await dropDatabase(name);
  }
  const run = { pair, label: build.label, figures, loadBefore, loadAfter: loadavg() };
  log(
    `pair ${pair} ${build.label}: ${[...figures].map(([k, v]) => `${k} ${v.toFixed(1)}`).join('; ')}; load ${run.loadBefore} -> ${run.loadAfter}`,
  );
  return run;
}

try {
  builds.push(checkout(REPO, baselineRef, 'baseline'));
  builds.push(values.current ? checkout(REPO, values.current, 'current') : workingTree(REPO));
  const [baseline, current] = builds as [Build, Build];
  const postgres = await withDatabase(
    'postgres',
    async (c) => (await c.query('SHOW server_version')).rows[0],
  );
  log(
    `baseline ${baseline.commit}, current ${current.commit}${current.dirty ? ' plus uncommitted changes' : ''}`,
  );
  log(
    `machine: ${cpus().length} × ${cpus()[0]?.model}, PostgreSQL ${postgres.server_version}, Redis ${redisUrl || 'none (in-process limits)'}, node ${process.version}`,
  );
  log(
    `history (${history}): 1 company, ${JSON.stringify(sizes)}, seed ${values.semente}; ${pairs} pairs, order ${order}; scenarios ${[...scenarios].join(', ')}`,
  );
  const seeded: Seeded[] = [];
  for (const build of history === 'shared' ? [baseline] : builds) {
    const started = loadavg();
    seeded.push(await seed(build, sizes, values.semente!));
    databases.push(seeded.at(-1)!.name);
    log(
      `${build.label} seeded ${seeded.at(-1)!.events} events in ${seeded.at(-1)!.seedSeconds} s (semear, load ${started})`,
    );
  }
  if (history === 'shared') {
    seeded.push(await upgradedCopy(seeded[0]!, current));
    databases.push(seeded[1]!.name);
    log(`current runs on a copy of the baseline's history, migrated by the current build`);
  }
  // Taken before the templates empty the projections: the references read the seeding's rows.
  const reference = freshName('cmp_reference');
  await createDatabase(reference, seeded[1]!.name);
  databases.push(reference);
  referenceUrl = databaseUrl(reference);
  for (const [i, build] of builds.entries()) {
    const template = await toTemplate(seeded[i]!);
    templates.push(template);
    log(
      `${build.label} template: projections ${template.projections.names.join(', ')}: ${[...template.projections.rows].map(([t, n]) => `${t} ${n}`).join(', ')}`,
    );
  }
  if (templates[0]!.events !== templates[1]!.events)
    log(
      `NOTE: the builds seeded different logs (${templates[0]!.events} and ${templates[1]!.events} events)`,
    );
  const runs: Run[] = [];
  for (let pair = 1; pair <= pairs && !stopping; pair++) {
    const turn = order === 'abba' && pair % 2 === 0 ? [1, 0] : [0, 1];
    for (const i of turn) runs.push(await oneRun(pair, builds[i]!, templates[i]!));
  }
  console.log(
    `\nbench:compare ${new Date().toISOString()}, ${execFileSync('nproc').toString().trim()} cores`,
  );
  console.log(
    `baseline ${baseline.commit.slice(0, 12)}, current ${current.commit.slice(0, 12)}${current.dirty ? '+changes' : ''}\n`,
  );
  for (const line of comparisonTable(runs)) console.log(line);
  console.log(`\nthe whole comparison took ${((performance.now() - startedAt) / 60000).toFixed(1)} min`);
} finally {
  if (!stopping) await cleanUp();
}
