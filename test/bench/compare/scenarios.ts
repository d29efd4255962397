import { catalogBatch } from './catalog-batch.js';
import { logRead } from './log-read.js';
import { movements } from './movements.js';
import { projectorCatchUp } from './projector-catch-up.js';
import { reads, writeTargets } from './reads.js';
import { rebuild } from './rebuild.js';
import { type RunContext, timed } from './run-context.js';
import { verify } from './verify.js';

/**
 * The scenarios of one run, in the order they run. The projector's catch-up always runs first:
 * every other scenario reads the tables it builds. The reads come before anything writes, and
 * the rebuild and `verificar` before the writes grow the log, so each build's run reads and
 * rebuilds the very same history.
 */
export const SCENARIOS = [
  'projector',
  'reads',
  'log-read',
  'rebuild',
  'verificar',
  'movements',
  'catalog',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export function parseScenarios(list: string): Set<Scenario> {
  const named = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of named)
    if (!(SCENARIOS as readonly string[]).includes(name))
      throw new Error(`--scenarios: ${name} is none of ${SCENARIOS.join(', ')}`);
  return new Set(['projector', ...named] as Scenario[]);
}

export async function runScenarios(ctx: RunContext, selected: Set<Scenario>): Promise<void> {
  // Each scenario's wall time in the log, to size a run's options.
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const { seconds, value } = await timed(work);
    ctx.log(`${ctx.build.label}: ${name} took ${seconds.toFixed(0)} s`);
    return value;
  };
  await step('projector', () => projectorCatchUp(ctx));
  const targets = selected.has('reads') ? await step('reads', () => reads(ctx)) : null;
  if (selected.has('log-read')) await step('log-read', () => logRead(ctx));
  if (selected.has('rebuild')) await step('rebuild', () => rebuild(ctx));
  if (selected.has('verificar')) await step('verificar', () => verify(ctx));
  if (selected.has('movements'))
    await step('movements', async () => movements(ctx, targets ?? (await writeTargets(ctx))));
  if (selected.has('catalog')) await step('catalog', () => catalogBatch(ctx));
}
