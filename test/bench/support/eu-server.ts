import { randomBytes } from 'node:crypto';
import { platformRoutes } from '@factory/api';
import { createPool } from '@factory/database';
import {
  type AuthContext,
  createApiService,
  createLogger,
  createPlatform,
  registerRoute,
} from '@factory/http';
import { readApiRoutes } from '@factory/read-service';

// Serves GET /v1/eu for the benchmark: `full` is the real service (auth, rate limits in Redis or
// in-process); `bare` is the same platform and route with both off: a fixed caller, no limiter.
const mode = process.env.BENCH_MODE;
const databaseUrl = process.env.BENCH_DATABASE_URL!;
const secret = randomBytes(32).toString('hex');

async function main(): Promise<number> {
  const pool = createPool(databaseUrl, { max: 4 });
  if (mode === 'bare') {
    const parsed = JSON.parse(process.env.BENCH_CALLER!) as AuthContext;
    const caller = { ...parsed, expiraEm: parsed.expiraEm ? new Date(parsed.expiraEm) : null };
    const app = createPlatform({
      authenticator: { authenticate: async () => ({ auth: caller, headers: {} }) },
      cursorSecret: secret,
      logger: createLogger('silent'),
    });
    for (const route of readApiRoutes({ pool })) registerRoute(app, route);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as { port: number }).port;
  }
  const { app } = await createApiService({
    pool,
    platformRoutes,
    databaseUrl,
    redisUrl: process.env.BENCH_REDIS_URL || undefined,
    // benchmark-only override: the load must measure the limiter's cost, not its refusals
    limits: { perToken: 100_000_000, perCompany: 100_000_000 },
    cursorSecret: secret,
    routes: readApiRoutes({ pool }),
    logLevel: 'silent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

main().then(
  (port) => console.log(`PORT=${port}`),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
process.once('SIGTERM', () => process.exit(0));
