import { createAdminApp } from '@factory/admin-site';
import { GracefulShutdown } from '@factory/config';
import { createPool } from '@factory/database';
import { createLogger } from '@factory/http';
import { loadEnv } from './env.js';

// The administrators' settings page on its own (processes apart, compose): migrations are the
// writer's job.
const say = (line: string) => console.error(`[admin] ${line}`);

async function main(shutdown: GracefulShutdown): Promise<void> {
  const env = loadEnv(process.env);
  const pool = createPool(env.DATABASE_URL, { name: 'admin', max: 4 });
  shutdown.add('closeConnections', 'pool', () => pool.end());
  const app = await createAdminApp({
    pool,
    logger: createLogger(env.LOG_LEVEL),
    trustedProxies: env.TRUSTED_PROXIES,
  });
  shutdown.add('stopAccepting', 'HTTP server', () => app.close());
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  say(`listening on port ${new URL(address).port}`);
}

const shutdown = new GracefulShutdown({ log: say }).listen();
main(shutdown).catch((error: unknown) => {
  say(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  void shutdown.stop('start-up failure', true);
});
