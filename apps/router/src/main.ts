import { createLogger } from '@factory/http';
import { readApiCatalog } from '@factory/read-api';
import { loadEnv } from './env.js';
import { createRouter } from './router.js';

// The router of `npm run start:apart`: one port in front of the read and write APIs.
const say = (line: string) => console.error(`[router] ${line}`);

async function main(): Promise<void> {
  const env = loadEnv(process.env);
  const router = await createRouter({
    readApiUrl: env.READ_API_URL,
    writeApiUrl: env.WRITE_API_URL,
    readCatalog: readApiCatalog(),
    logger: createLogger(env.LOG_LEVEL),
  });
  const address = await router.listen({ port: env.PORT, host: '0.0.0.0' });
  say(`listening on port ${new URL(address).port}`);

  const shutdown = async (signal: string) => {
    say(`${signal}: shutting down`);
    await router.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  say(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
