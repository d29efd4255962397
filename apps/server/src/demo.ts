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

/** Prints the demo token and a first call to try, as both start modes do. */
export async function announceDemo(
  pool: Pool,
  dataDir: string,
  port: string,
  say: (line: string) => void,
): Promise<void> {
  const token = await demoToken(pool, dataDir, new Date());
  if (token) {
    say(`demo token (every scope): ${token}`);
    say(`try: curl -s -H "Authorization: Bearer ${token}" http://127.0.0.1:${port}/v1/eu`);
  } else {
    say(
      'the demo company exists but its token is not in the data folder: create one with `npm run ops -- token criar`',
    );
  }
}
