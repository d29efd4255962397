import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createFactoryClient } from '@factory/client';
import { MirrorDatabase } from './mirror-database.js';
import { MIRRORED_LISTS } from './mirrored-lists.js';
import { SyncStopped, syncLists } from './sync-lists.js';

// bi-sync [--url http://127.0.0.1:3000] [--banco fabrica.duckdb] [--seguir 60]
// The token comes from FACTORY_TOKEN (never a flag: flags show in the process list).
// Exit codes: 0 synced; 2 stopped (service unavailable past the retries, or bad usage).
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.FACTORY_URL ?? 'http://127.0.0.1:3000' },
      banco: { type: 'string', default: 'fabrica.duckdb' },
      seguir: { type: 'string' },
    },
  });
  const token = process.env.FACTORY_TOKEN;
  const everySeconds = values.seguir === undefined ? null : Number(values.seguir);
  if (!token || (everySeconds !== null && !(everySeconds >= 1))) {
    console.error(
      'usage: FACTORY_TOKEN=... bi-sync [--url <service>] [--banco <file.duckdb>] [--seguir <seconds>]',
    );
    return 2;
  }
  const client = createFactoryClient({ baseUrl: values.url, token });
  const db = await MirrorDatabase.open(values.banco, MIRRORED_LISTS);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => (stopping = true));
  try {
    do {
      const started = Date.now();
      for (const outcome of await syncLists(client, db, MIRRORED_LISTS))
        console.error(
          `${outcome.table}: ${outcome.ignorada ? 'skipped (the token lacks its scope)' : `${outcome.linhas} rows read`}`,
        );
      console.error(`synced into ${values.banco} in ${Date.now() - started} ms`);
      if (everySeconds !== null && !stopping) await sleep(everySeconds * 1000);
    } while (everySeconds !== null && !stopping);
    return 0;
  } catch (error) {
    if (!(error instanceof SyncStopped)) throw error;
    console.error(`stopped: ${error.message}; run again to go on from the marks kept in ${values.banco}`);
    return 2;
  } finally {
    db.close();
  }
}

process.exitCode = await main();
