import { createPool } from '@factory/database';
import { createApiService } from '@factory/http';
import { loadEnv } from './env.js';
import { readApiRoutes } from './index.js';

// The read API on its own (many-machine mode): GET routes only; migrations are the writer's job.
const env = loadEnv(process.env);
const pool = createPool(env.DATABASE_URL, { name: 'read-api' });
const api = await createApiService({
  pool,
  databaseUrl: env.DATABASE_URL,
  redisUrl: env.REDIS_URL,
  limits: { perToken: env.RATE_LIMIT_PER_TOKEN, perCompany: env.RATE_LIMIT_PER_COMPANY },
  cursorSecret: env.CURSOR_SECRET,
  routes: readApiRoutes({ pool, windowSeconds: env.STABILIZATION_WINDOW_SECONDS }),
  logLevel: env.LOG_LEVEL,
});
await api.app.listen({ port: env.PORT, host: '0.0.0.0' });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, async () => {
    await api.close();
    await pool.end();
    process.exit(0);
  });
