import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pool } from '@factory/database';
import { seedDemoCompany } from '@factory/tenants';

/**
 * Makes sure the demo company exists and returns its token. A token is shown once and only its
 * hash is stored, so the single-machine mode keeps the demo token in its (git-ignored) data
 * folder to print it again on the next start.
 */
export async function demoToken(pool: Pool, dataDir: string, now: Date): Promise<string | null> {
  const file = join(dataDir, 'demo-token');
  const { token } = await seedDemoCompany(pool, now);
  if (token) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, token, { mode: 0o600 });
    return token;
  }
  return readFile(file, 'utf8').then(
    (t) => t.trim(),
    () => null,
  );
}
