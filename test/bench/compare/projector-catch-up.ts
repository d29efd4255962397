import { cpuSeconds } from '../support/process-stats.js';
import { startProjector } from './apps.js';
import { projectionRows } from './databases.js';
import { rawScanRate } from './raw-scan-reference.js';
import type { RunContext } from './run-context.js';

/**
 * The standalone projector from its start line until every live projection is at the head
 * (issue 24: catch-up ÷ raw ordered scan, peak RSS after the catch-up), the raw scan just
 * before it. The peak RSS is read twice in the same catch-up: once every projection has passed
 * the middle of the log, and at the end: a projector flat in log size shows the same figure.
 */
export async function projectorCatchUp(ctx: RunContext): Promise<void> {
  const { client, template, figures } = ctx;
  const raw = await rawScanRate(ctx.url);
  const mark = async (offset: number) =>
    (
      await client.query<{ tx: string; position: string }>(
        'SELECT tx_id::text AS tx, position FROM events ORDER BY tx_id, position OFFSET $1 LIMIT 1',
        [offset],
      )
    ).rows[0]!;
  const { rows: counted } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
  const events = counted[0]!.n;
  const head = await mark(events - 1);
  const middle = await mark(Math.floor(events / 2));
  // Builds from the log's start (since migration 0160) make their deferred indexes once at the
  // head: the catch-up ends when they are made. Earlier builds have no such table.
  const { rows: deferring } = await client.query<{ table: string | null }>(
    `SELECT to_regclass('projection_deferred_indexes')::text AS table`,
  );
  const indexesDeferred = async () =>
    deferring[0]!.table !== null &&
    (await client.query('SELECT 1 FROM projection_deferred_indexes LIMIT 1')).rowCount! > 0;
  const projector = await startProjector(ctx.build, ctx.url);
  let halfRss: number | null = null;
  try {
    const started = performance.now();
    const cpuBefore = cpuSeconds(projector.pid);
    // The projections this build runs, as its start line names them: on a log another build
    // seeded, a projection of this build alone has no checkpoint row until it begins.
    const announced = /"projecoes":(\[[^\]]*\])/.exec(projector.announced);
    const names: string[] = announced ? JSON.parse(announced[1]!) : template.projections.names;
    for (;;) {
      const { rows } = await client.query<{ at_head: number; past_middle: number }>(
        `SELECT count(*) FILTER (WHERE (tx_id, position) >= ($2::numeric, $3::bigint))::int AS at_head,
                count(*) FILTER (WHERE (tx_id, position) >= ($4::numeric, $5::bigint))::int AS past_middle
           FROM projection_checkpoints WHERE name = ANY($1)`,
        [names, head.tx, head.position, middle.tx, middle.position],
      );
      if (halfRss === null && rows[0]!.past_middle === names.length) halfRss = projector.peakRssMb();
      if (rows[0]!.at_head === names.length && !(await indexesDeferred())) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = events / seconds;
    figures.set('events in the log', events);
    figures.set('raw ordered scan of the log, events/s', raw);
    figures.set('projector catch-up, every projection, events/s', rate);
    figures.set('projector catch-up ÷ raw ordered scan (target ≥ 0.5)', rate / raw);
    figures.set(
      'projector CPU per event, µs (lower is better)',
      ((cpuSeconds(projector.pid) - cpuBefore) * 1e6) / events,
    );
    figures.set('projector peak RSS after half the log, MB', halfRss ?? Number.NaN);
    figures.set(
      'projector peak RSS after the whole log, MB (target ≤ 256, flat in log size)',
      projector.peakRssMb(),
    );
  } finally {
    await projector.stop();
  }
  // The catch-up must have rebuilt what the seeding's own projector built, or it measured less.
  const rebuilt = await projectionRows(client, template.projections.names);
  for (const [table, expected] of template.projections.rows)
    if (rebuilt.get(table) !== expected)
      throw new Error(
        `${ctx.build.label}: ${table} has ${rebuilt.get(table)} rows after catch-up, ${expected} seeded`,
      );
  // The tables were emptied and analyzed empty in the template: statistics of the rows now there,
  // as autovacuum would gather before long, so the lists' plans are those of a live database.
  await client.query('ANALYZE');
}
