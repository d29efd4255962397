import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where root keeps what the `postgres` user must reach: outside any checkout. */
export const SYSTEM_ROOT = '/var/lib/factory-data-service';

export interface EmbeddedHome {
  /** Leases, the start lock and the server log: written by the process owner. */
  home: string;
  /** The cluster (`PGDATA`): owned by the user the server runs as. */
  pgdata: string;
}

export const runsAsRoot = (): boolean => process.getuid?.() === 0;

/**
 * The embedded server's files for one data folder. As root the server runs as `postgres`, which
 * may not enter the checkout (a 0700 `mktemp -d`, `/root`), so they live under
 * `/var/lib/factory-data-service/<hash of the data folder's absolute path>`; a cluster created
 * in `<dataDir>/postgres` by an earlier version is kept where it is. Otherwise they stay in the
 * data folder.
 */
export function embeddedHome(dataDir: string, systemRoot = SYSTEM_ROOT): EmbeddedHome {
  const absolute = resolve(dataDir);
  const legacy = join(absolute, 'postgres');
  if (!runsAsRoot() || existsSync(join(legacy, 'PG_VERSION'))) return { home: absolute, pgdata: legacy };
  const home = join(systemRoot, createHash('sha256').update(absolute).digest('hex').slice(0, 16));
  return { home, pgdata: join(home, 'postgres') };
}
