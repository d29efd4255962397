import { createPool } from '@factory/database';
import { createApiService } from '@factory/http';
import { readApiRoutes } from '@factory/read-api';
import Fastify from 'fastify';

// Serves GET /v1/eu for the benchmark, either through the whole platform (auth and Redis rate
// limits on) or as a bare Fastify route answering the same JSON (both off).
const mode = process.env.BENCH_MODE;
const databaseUrl = process.env.BENCH_DATABASE_URL!;

async function main(): Promise<number> {
  if (mode === 'bare') {
    const body = JSON.parse(process.env.BENCH_EU_BODY!);
    const app = Fastify({ logger: false });
    app.get('/v1/eu', async () => body);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as { port: number }).port;
  }
  const pool = createPool(databaseUrl, { max: 4 });
  const { app } = await createApiService({
    pool,
    databaseUrl,
    redisUrl: process.env.BENCH_REDIS_URL || undefined,
    // benchmark-only override: the load must measure the limiter's cost, not its refusals
    limits: { perToken: 100_000_000, perCompany: 100_000_000 },
    cursorSecret: 'bench-secret-bench-secret-bench-secret',
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
