import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from '@factory/database';
import {
  openRebuild,
  type Projection,
  type RebuildRecord,
  RebuildRunningError,
  readProjectionStatus,
  readRebuild,
  requestRebuild,
} from '@factory/read-models';
import {
  type CommandContext,
  CommandFailed,
  type CommandSpec,
  InterruptedError,
  UsageError,
} from '../command.js';
import { table } from '../output.js';
import { chosenProjections, PROJECTION_NAMES } from './projection-names.js';

const POLL_MS = 500;

export const projecoesReconstruir: CommandSpec = {
  name: 'projecoes reconstruir',
  summary: 'reconstrói do zero a próxima versão de uma projeção ao lado da atual e troca as duas',
  options: {
    projecao: { type: 'string', value: 'NOME', help: `a projeção (${PROJECTION_NAMES})` },
    todas: { type: 'boolean', help: 'todas as projeções' },
    'sem-esperar': { type: 'boolean', help: 'devolve os trabalhos na hora, sem esperar a troca' },
  },
  async run(ctx, o) {
    const chosen = chosenProjections(o.optionalString('projecao'), o.flag('todas'));
    if (chosen.length === 0) throw new UsageError('falta --projecao NOME ou --todas');
    const waiting = !o.flag('sem-esperar');
    const follower = await ctx.pool.connect();
    try {
      const rebuilds = await requestAll(ctx.pool, follower, chosen, waiting);
      if (!waiting) {
        const trabalhos = rebuilds.map((r) => ({ nome: r.projecao, id: r.id }));
        return {
          json: { trabalhos },
          text: table(
            ['nome', 'id'],
            trabalhos.map((t) => [t.nome, t.id]),
          ),
        };
      }
      const done = await follow(ctx, rebuilds);
      const projecoes = done.map((r) => ({
        nome: r.projecao,
        versao: r.versao,
        eventos: r.eventos,
        segundos: r.segundos,
      }));
      return {
        json: { projecoes },
        text: table(
          ['nome', 'versao', 'eventos', 'segundos'],
          projecoes.map((p) => [p.nome, String(p.versao), String(p.eventos), String(p.segundos)]),
        ),
      };
    } finally {
      follower.release();
    }
  },
};

/** Takes the follower's lock on a rebuild: false when another command already follows it. */
async function takeFollow(follower: PoolClient, id: string): Promise<boolean> {
  const { rows } = await follower.query<{ ok: boolean }>(
    "SELECT pg_try_advisory_lock(hashtextextended('projection-rebuild:' || $1, 0)) AS ok",
    [id],
  );
  return rows[0]!.ok;
}

/**
 * Records one rebuild per projection (the workers take them from there). A projection already
 * rebuilding is refused, naming the running rebuild, when another command follows it, when it
 * was started with --sem-esperar (never meant to be followed: its row says so), or when this
 * command is run with --sem-esperar; a rebuild whose own command died (killed, Ctrl-C) is
 * followed instead of starting another. Refusals are decided before anything is recorded.
 */
async function requestAll(
  pool: Pool,
  follower: PoolClient,
  projections: readonly Projection[],
  waiting: boolean,
): Promise<RebuildRecord[]> {
  const open = new Map<string, RebuildRecord>();
  for (const projection of projections) {
    const running = await openRebuild(pool, projection.name);
    if (!running) continue;
    if (!waiting || running.sem_esperar || !(await takeFollow(follower, running.id)))
      throw new CommandFailed(new RebuildRunningError(running).message);
    open.set(projection.name, running);
  }
  const rebuilds: RebuildRecord[] = [];
  for (const projection of projections) {
    const running = open.get(projection.name);
    if (running) {
      rebuilds.push(running);
      continue;
    }
    try {
      // Followed from the moment it exists: another command never sees it unfollowed.
      const id = randomUUID();
      if (waiting) await takeFollow(follower, id);
      rebuilds.push(await requestRebuild(pool, projection.name, id, { semEsperar: !waiting }));
    } catch (error) {
      if (error instanceof RebuildRunningError) throw new CommandFailed(error.message);
      throw error;
    }
  }
  return rebuilds;
}

/** Waits for every rebuild to be swapped in, showing progress; fails with the first failure. */
async function follow(ctx: CommandContext, rebuilds: readonly RebuildRecord[]): Promise<RebuildRecord[]> {
  const names = rebuilds.map((r) => r.projecao);
  let started = false;
  try {
    return await waitForAll();
  } finally {
    if (started) ctx.progress.end();
  }

  async function waitForAll(): Promise<RebuildRecord[]> {
    for (;;) {
      if (ctx.signal.aborted)
        throw new InterruptedError(
          `interrompido: a reconstrução continua no worker (trabalhos ${rebuilds.map((r) => r.id).join(', ')}); ` +
            `para acompanhá-la: npm run -s ops -- projecoes reconstruir ${names.length > 1 ? '--todas' : `--projecao ${names[0]}`}`,
        );
      const now = await Promise.all(rebuilds.map((r) => readRebuild(ctx.pool, r.id)));
      const failed = now.find((r) => r?.estado === 'falhou');
      if (failed) throw new CommandFailed(`a reconstrução de ${failed.projecao} falhou: ${failed.erro}`);
      if (now.every((r) => r?.estado === 'concluida')) return now as RebuildRecord[];
      // One bar for them all: log positions applied out of the head, per projection summed.
      const status = await readProjectionStatus(
        ctx.pool,
        ctx.eventStore,
        rebuilds.map((r) => ({ name: r.projecao })),
      );
      const total = status.reduce((sum, s) => sum + s.cabeca, 0);
      const done = status.reduce((sum, s) => sum + (s.reconstrucao?.posicao ?? s.cabeca), 0);
      if (!started) {
        ctx.progress.start(`reconstruindo ${names.join(', ')}`, total, 'eventos');
        started = true;
      }
      ctx.progress.update(Math.min(done, total));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        const cut = () => {
          clearTimeout(timer);
          resolve();
        };
        ctx.signal.addEventListener('abort', cut, { once: true });
      });
    }
  }
}
