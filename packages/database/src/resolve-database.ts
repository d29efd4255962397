import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { embeddedUrl, startEmbeddedPostgres } from './embedded.js';

export interface ResolvedDatabase {
  url: string;
  /** Where the URL came from, for the start-up line. */
  source: string;
  /** Stops the embedded server if this process started it; otherwise does nothing. */
  stop(): Promise<void>;
}

export function isPortOpen(host: string, port: number, timeoutMs = 300): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    const finish = (open: boolean) => {
      socket.destroy();
      done(open);
    };
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}

/**
 * The configured DATABASE_URL, or the single-machine embedded server whose data lives in
 * `<dataDir>/postgres`: reused when already running (the server started it), started otherwise.
 */
export async function resolveDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPort: number;
  log?: (line: string) => void;
}): Promise<ResolvedDatabase> {
  if (options.databaseUrl)
    return { url: options.databaseUrl, source: 'DATABASE_URL', stop: async () => undefined };
  const dataDir = resolve(join(options.dataDir, 'postgres'));
  if (await isPortOpen('127.0.0.1', options.embeddedPort)) {
    return {
      url: embeddedUrl(options.embeddedPort),
      source: `embedded PostgreSQL already running on ${options.embeddedPort}`,
      stop: async () => undefined,
    };
  }
  options.log?.(`starting embedded PostgreSQL in ${dataDir} on port ${options.embeddedPort}`);
  const embedded = await startEmbeddedPostgres({ dataDir, port: options.embeddedPort });
  return { url: embedded.url, source: `embedded PostgreSQL (${dataDir})`, stop: embedded.stop };
}
