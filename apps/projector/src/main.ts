import { createPool, migrate } from '@factory/database';
import { createPostgresEventStore } from '@factory/event-store';
import { PROJECTIONS, startProjector } from '@factory/read-models';
import { pino } from 'pino';
import { loadEnv } from './env.js';

// The projector as a process of its own: every registered projection, following the log.
async function main(): Promise<void> {
  const env = loadEnv(process.env);
  const log = pino({ level: env.logLevel });
  // Per projection one or two batch transactions (the stock's ledger overlaps the commit of the
  // batch before), plus the log reader and the watermark heartbeat.
  const pool = createPool(env.databaseUrl, { name: 'factory-projector', max: 6 });
  // Idempotent and serialised by an advisory lock: whichever process starts first migrates.
  await migrate(pool);
  const eventStore = createPostgresEventStore({ pool });
  const projector = startProjector({
    pool,
    eventStore,
    projections: PROJECTIONS,
    batchSize: env.batchSize,
    pollIntervalMs: env.pollIntervalMs,
    log,
  });
  log.info({ projecoes: PROJECTIONS.map((p) => p.name) }, 'projector started');

  const shutdown = async (signal: string) => {
    log.info({ signal }, 'projector stopping');
    await projector.close();
    await eventStore.close();
    await pool.end();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`[projector] start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
