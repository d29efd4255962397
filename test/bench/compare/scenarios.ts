import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type pg from 'pg';
import { load } from '../support/load.js';
import { cpuSeconds } from '../support/process-stats.js';
import { startProjector, startReadApi, startWriteApi } from './apps.js';
import type { Build } from './checkout.js';
import { projectionRows } from './databases.js';
import type { Template } from './seed-template.js';

/**
 * The three scenarios of issue 21 §6, the same on every build, driven only through each
 * build's own processes over HTTP and plain SQL on the log and the checkpoints:
 * the projector's catch-up of the whole log, the lists through the read API, and accepted
 * stock movements through the write API. Every figure is printed, none asserted. Beside each
 * rate, the CPU the build's process spent per event or request (lower is better): on a machine
 * shared with other work the rates move with the load, the CPU per unit of work much less.
 */
export const LISTS = [
  '/v1/produtos?limite=200',
  '/v1/insumos?limite=200',
  '/v1/estoque/saldos?limite=200',
  '/v1/estoque/movimentos?limite=200',
] as const;

export interface Durations {
  listSeconds: number;
  movementSeconds: number;
}

const LIST_CONNECTIONS = 16;
const MOVEMENT_CONNECTIONS = 32;
const WARM_UP_SECONDS = 2;

export type Figures = Map<string, number>;

/** The standalone projector from its start line until every live projection is at the head. */
export async function projectorCatchUp(
  build: Build,
  url: string,
  client: pg.Client,
  template: Template,
  figures: Figures,
): Promise<void> {
  const { rows } = await client.query<{ tx: string; position: string }>(
    'SELECT tx_id::text AS tx, position FROM events ORDER BY tx_id DESC, position DESC LIMIT 1',
  );
  const head = rows[0]!;
  const projector = await startProjector(build, url);
  try {
    const started = performance.now();
    const cpuBefore = cpuSeconds(projector.pid);
    // The projections this build runs, as its start line names them: on a log another build
    // seeded, a projection of this build alone has no checkpoint row until it begins.
    const announced = /"projecoes":(\[[^\]]*\])/.exec(projector.announced);
    const names: string[] = announced ? JSON.parse(announced[1]!) : template.projections.names;
    for (;;) {
      const { rows: done } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM projection_checkpoints
          WHERE name = ANY($1) AND (tx_id, position) >= ($2::numeric, $3::bigint)`,
        [names, head.tx, head.position],
      );
      if (done[0]!.n === names.length) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const seconds = (performance.now() - started) / 1000;
    figures.set('projector catch-up, events/s', template.events / seconds);
    figures.set(
      'projector CPU per event, µs (lower is better)',
      ((cpuSeconds(projector.pid) - cpuBefore) * 1e6) / template.events,
    );
    figures.set('projector peak RSS, MB', projector.peakRssMb());
  } finally {
    await projector.stop();
  }
  // The catch-up must have rebuilt what the seeding's own projector built, or it measured less.
  const rebuilt = await projectionRows(client, template.projections.names);
  for (const [table, expected] of template.projections.rows)
    if (rebuilt.get(table) !== expected)
      throw new Error(
        `${build.label}: ${table} has ${rebuilt.get(table)} rows after catch-up, ${expected} seeded`,
      );
  // The tables were emptied and analyzed empty in the template: statistics of the rows now there,
  // as autovacuum would gather before long, so the lists' plans are those of a live database.
  await client.query('ANALYZE');
}

/** Each list's first page through the read API; returns supply items and locations for the writes. */
export async function lists(
  build: Build,
  url: string,
  redisUrl: string,
  token: string,
  durations: Durations,
  figures: Figures,
): Promise<{ insumos: string[]; locais: string[] }> {
  const server = await startReadApi(build, url, redisUrl);
  const headers = { authorization: `Bearer ${token}` };
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const page = async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers });
      if (!response.ok) throw new Error(`${build.label}: GET ${path} answered ${response.status}`);
      return ((await response.json()) as { dados: Array<{ id: string; ativo?: boolean }> }).dados;
    };
    for (const path of LISTS) {
      const rows = (await page(path)).length;
      await load(`${base}${path}`, { headers, seconds: WARM_UP_SECONDS, connections: LIST_CONNECTIONS });
      const cpuBefore = cpuSeconds(server.pid);
      const r = await load(`${base}${path}`, {
        headers,
        seconds: durations.listSeconds,
        connections: LIST_CONNECTIONS,
      });
      if (r.non2xx > 0) throw new Error(`${build.label}: GET ${path}: ${r.non2xx} non-2xx answers`);
      figures.set(`GET ${path} (${rows} rows), req/s`, r.requestsPerSecond);
      figures.set(
        `GET ${path}, read API CPU per request, µs (lower is better)`,
        ((cpuSeconds(server.pid) - cpuBefore) * 1e6) / (r.requestsPerSecond * durations.listSeconds),
      );
    }
    return {
      insumos: (await page('/v1/insumos?limite=200')).map((i) => i.id),
      locais: (await page('/v1/locais')).filter((l) => l.ativo !== false).map((l) => l.id),
    };
  } finally {
    await server.stop();
  }
}

/** Accepted POST /v1/estoque/movimentos per second, each under a fresh Idempotency-Key. */
export async function movements(
  build: Build,
  url: string,
  redisUrl: string,
  token: string,
  targets: { insumos: string[]; locais: string[] },
  durations: Durations,
  figures: Figures,
): Promise<void> {
  const server = await startWriteApi(build, url, redisUrl);
  const target = `http://127.0.0.1:${server.port}/v1/estoque/movimentos`;
  const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)]!;
  const post = async (seconds: number) => {
    const result = await autocannon({
      url: target,
      connections: MOVEMENT_CONNECTIONS,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({
              insumo_id: pick(targets.insumos),
              local_id: pick(targets.locais),
              tipo: 'entrada_manual',
              quantidade: 1 + Math.floor(Math.random() * 10),
              custo_unitario: 2.5,
            }),
          }),
        },
      ],
    });
    if (result.non2xx > 0) throw new Error(`${build.label}: ${result.non2xx} movements refused`);
    return (result.statusCodeStats?.['201']?.count ?? 0) / seconds;
  };
  try {
    await post(WARM_UP_SECONDS);
    const cpuBefore = cpuSeconds(server.pid);
    const accepted = await post(durations.movementSeconds);
    figures.set('POST /v1/estoque/movimentos, accepted/s', accepted);
    figures.set(
      'write API CPU per accepted movement, µs (lower is better)',
      ((cpuSeconds(server.pid) - cpuBefore) * 1e6) / (accepted * durations.movementSeconds),
    );
    figures.set('write API peak RSS, MB', server.peakRssMb());
  } finally {
    await server.stop();
  }
}
