import { produto } from '../catalog-batch.bench.js';
import { startWriteApi } from './apps.js';
import { median } from './report.js';
import type { RunContext } from './run-context.js';

/**
 * One `POST /v1/produtos/lote` of 100 products at a time through the build's write API, as the
 * catalog-batch bench sends them (its products, one batch after the other, a client's bulk
 * import): batches creating new products, then updating them (every item changes), then
 * sending them unchanged (nothing appended); the p50 of each phase (issue 24: ≤ 100 ms each).
 */
const ITEMS = 100;
const WARM_UP_BATCHES = 3;

export async function catalogBatch(ctx: RunContext): Promise<void> {
  const api = await startWriteApi(ctx.build, ctx.url, ctx.redisUrl);
  const post = async (itens: unknown[]) => {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${api.port}/v1/produtos/lote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.template.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ itens }),
    });
    const body = (await res.json()) as { resultados?: { ok: boolean }[] };
    if (res.status !== 200 || !body.resultados?.every((r) => r.ok))
      throw new Error(
        `${ctx.build.label}: batch refused: ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
      );
    return performance.now() - started;
  };
  const batches = (phase: string) =>
    Array.from({ length: ctx.settings.batches }, (_, b) =>
      Array.from({ length: ITEMS }, (_, i) => produto(`C${b}-${i}`, phase)),
    );
  try {
    for (let i = 0; i < WARM_UP_BATCHES; i++)
      await post(Array.from({ length: ITEMS }, (_, n) => produto(`CW${i}-${n}`, 'w')));
    const phases: Array<[string, unknown[][]]> = [
      ['creations', batches('criado')],
      ['updates', batches('alterado')],
      ['unchanged', batches('alterado')],
    ];
    for (const [label, phase] of phases) {
      const times: number[] = [];
      for (const itens of phase) times.push(await post(itens));
      ctx.figures.set(`catalog batch of 100, ${label}, p50 ms (target ≤ 100)`, median(times));
    }
  } finally {
    await api.stop();
  }
}
