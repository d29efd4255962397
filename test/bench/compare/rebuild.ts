import { ops, startProjector } from './apps.js';
import { rawScanRate } from './raw-scan-reference.js';
import type { RunContext } from './run-context.js';

/**
 * `projecoes reconstruir --todas` through the build's own ops CLI, with the build's projector
 * running (it does the rebuild jobs, in-process without Redis), against a raw ordered scan of the
 * same log just before (issue 24: rebuild ÷ raw scan, in time). The rebuild's time is the one
 * the CLI answers (the slowest projection's, from its request to its swap), so the CLI's own
 * start is not in it. The projector's peak RSS is reset once it is at the head, before the
 * rebuild: the figure is the rebuild's own high-water mark.
 */
export async function rebuild(ctx: RunContext): Promise<void> {
  const { figures, client } = ctx;
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
  const events = rows[0]!.n;
  const raw = await rawScanRate(ctx.url);
  const projector = await startProjector(ctx.build, ctx.url);
  try {
    projector.resetPeakRss();
    const answer = (await ops(ctx.build, ctx.url, ['projecoes', 'reconstruir', '--todas'])) as {
      projecoes: Array<{ nome: string; segundos: number }>;
    };
    const seconds = Math.max(...answer.projecoes.map((p) => p.segundos));
    figures.set('rebuild of every projection, s', seconds);
    figures.set('rebuild ÷ raw ordered scan, in time (target ≤ 3.0)', seconds / (events / raw));
    figures.set('projector peak RSS during the rebuild, MB', projector.peakRssMb());
    ctx.log(
      `${ctx.build.label}: reconstruir ${answer.projecoes.map((p) => `${p.nome} ${p.segundos.toFixed(1)} s`).join(', ')}; raw scan ${(events / raw).toFixed(1)} s`,
    );
  } finally {
    await projector.stop();
  }
}
