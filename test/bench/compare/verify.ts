import { ops } from './apps.js';
import { rawScanRate } from './raw-scan-reference.js';
import { type RunContext, timed } from './run-context.js';

/**
 * `projecoes verificar` through the build's own ops CLI against a raw ordered scan of the same
 * log just before (issue 24: verificar ÷ raw scan, in time). The CLI answers no time of its
 * own: its wall time less that of `projecoes status` just before, the same CLI's start (Node,
 * tsx, the connection, the migrations' check), which on a small log would otherwise be most of
 * the figure.
 */
export async function verify(ctx: RunContext): Promise<void> {
  const { figures, client } = ctx;
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
  const events = rows[0]!.n;
  const raw = await rawScanRate(ctx.url);
  const start = await timed(() => ops(ctx.build, ctx.url, ['projecoes', 'status']));
  const verified = await timed(
    () => ops(ctx.build, ctx.url, ['projecoes', 'verificar'], true) as Promise<{ diferencas: number }>,
  );
  const seconds = Math.max(0, verified.seconds - start.seconds);
  figures.set('verificar, s (the CLI start excluded)', seconds);
  figures.set('verificar ÷ raw ordered scan, in time (target ≤ 4.0)', seconds / (events / raw));
  figures.set('verificar differences found (0 expected)', verified.value.diferencas);
  ctx.log(
    `${ctx.build.label}: verificar ${verified.seconds.toFixed(1)} s, CLI start (projecoes status) ${start.seconds.toFixed(1)} s, raw scan ${(events / raw).toFixed(1)} s, ${verified.value.diferencas} differences`,
  );
}
