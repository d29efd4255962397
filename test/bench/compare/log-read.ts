import { eventStoreProbe } from './apps.js';
import { rawScanRate } from './raw-scan-reference.js';
import type { RunContext } from './run-context.js';

/** The whole log through the build's own readAll ÷ a raw cursor scan just before (the event-store-log bench's ratio). */
export async function logRead(ctx: RunContext): Promise<void> {
  const raw = await rawScanRate(ctx.url);
  const { rate } = await eventStoreProbe(ctx.build, ctx.url, { PROBE: 'read-all' });
  ctx.figures.set('log read (readAll, batches of 5000), events/s', rate);
  ctx.figures.set('log read ÷ raw cursor scan, events/s (issue 24: 1.26)', rate / raw);
}
