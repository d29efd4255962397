import { startEmbeddedPostgres } from './embedded/start-embedded.js';

export interface ResolvedDatabase {
  url: string;
  /** Where the URL came from, for the start-up line. */
  source: string;
  /** Drops this process's use of the embedded server (the last user stops it); else nothing. */
  stop(): Promise<void>;
}

/**
 * The configured DATABASE_URL, or the single-machine embedded server of `dataDir`: joined when
 * another process (the server, the CLI) runs it, started otherwise, and shared until the last
 * user stops.
 */
export async function resolveDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPort: number;
  log?: (line: string) => void;
}): Promise<ResolvedDatabase> {
  if (options.databaseUrl)
    return { url: options.databaseUrl, source: 'DATABASE_URL', stop: async () => undefined };
  const embedded = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    port: options.embeddedPort,
    log: options.log,
  });
  const how = embedded.started ? 'started' : 'already running';
  return {
    url: embedded.url,
    source: `embedded PostgreSQL (${embedded.pgdata}, ${how})`,
    stop: embedded.stop,
  };
}
