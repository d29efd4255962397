import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { describe, it } from 'vitest';

// A real Chromium for the settings page's e2e: Debian's package (`.ci/run` installs it), driven
// headless through playwright-core, which downloads no browser of its own.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox', // the tests may run as root, where Chromium's sandbox refuses to start
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why no browser can be used here, or null when the executable is there. */
export function chromiumMissing(): string | null {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return null;
  } catch {
    return `no Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it; CHROMIUM_PATH names another)`;
  }
}

/**
 * `describe` for tests that drive the browser. Without one the block is skipped, saying why; in
 * CI (CI=true) the missing browser is a failure instead: the suite never passes silently.
 */
export function describeWithChromium(name: string, body: () => void): void {
  const missing = chromiumMissing();
  if (!missing) {
    describe(name, body);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () => {
      it('starts a browser', () => {
        throw new Error(missing);
      });
    });
    return;
  }
  console.warn(`SKIPPED "${name}": ${missing}`);
  describe.skip(name, body);
}

export interface Chromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh profile (--user-data-dir) each time: no cookie or cache from an earlier run. */
export async function startChromium(): Promise<Chromium> {
  const profile = await mkdtemp(join(tmpdir(), 'factory-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      timeout: 120_000,
      viewport: { width: 1024, height: 768 },
      locale: 'pt-BR',
    });
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw new Error(`Chromium did not start (${CHROMIUM}): ${(error as Error).message}`);
  }
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
