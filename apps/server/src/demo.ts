import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pool } from '@factory/database';
import type { EventStore } from '@factory/event-store';
import { seedDemoHistory } from '@factory/seed';
import { demoAdminSignIn, invitationLink, seedDemoCompany } from '@factory/tenants';

export interface DemoOptions {
  /** True on the embedded database only: a DATABASE_URL is someone's real database. */
  embedded: boolean;
  /** Also give the demo company a small history (SEED_DEMO_HISTORY). */
  history: boolean;
  dataDir: string;
  /** Where the service answers, for the `curl` line. */
  baseUrl: string;
  say: (line: string) => void;
  /** The log the history is written to. */
  store: EventStore;
}

/**
 * The demo company belongs to the embedded default: with a DATABASE_URL nothing is created, no
 * token printed and the data folder's token file left alone (it belongs to the embedded
 * database). Otherwise the company is made once, its history written on the first start (before
 * the token is printed, so the first call already shows data), and its token printed.
 */
export async function announceDemo(pool: Pool, options: DemoOptions): Promise<void> {
  const { say } = options;
  if (!options.embedded) {
    say('DATABASE_URL is set: no demo company; create companies and tokens with `npm run ops`');
    return;
  }
  const now = new Date();
  const { empresaId, token: created } = await seedDemoCompany(pool, now);
  const file = join(options.dataDir, 'demo-token');
  if (created) {
    await mkdir(options.dataDir, { recursive: true });
    await writeFile(file, created, { mode: 0o600 });
  }
  if (options.history) {
    const commands = await seedDemoHistory(pool, options.store, empresaId, now);
    if (commands > 0) say(`demo company seeded with a history of ${commands} records, bills and movements`);
  }
  const token =
    created ??
    (await readFile(file, 'utf8').then(
      (t) => t.trim(),
      () => null,
    ));
  if (token) {
    say(`demo token (every scope): ${token}`);
    say(`try: curl -s -H "Authorization: Bearer ${token}" ${options.baseUrl}/v1/eu`);
  } else {
    say(
      'the demo company exists but its token is not in the data folder: create one with `npm run ops -- token criar`',
    );
  }
  // The settings page: a fresh one-time link while the demo administrator has no password.
  const signIn = await demoAdminSignIn(pool, empresaId, now);
  if (signIn.codigo)
    say(
      `demo administrator (${signIn.email}): set a password and sign in at ${invitationLink(options.baseUrl, signIn.codigo)}`,
    );
  else say(`demo administrator: sign in as ${signIn.email} at ${options.baseUrl}/admin/entrar`);
}
