import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { alive, nodeDescendants } from '../support/process-tree.js';
import { START_APART, startService } from '../support/service-process.js';

// `npm run start:apart` killed with -9 has no chance to stop its apps: each notices that its
// launcher is gone (its IPC channel closes) and stops itself, so no process is left behind
// holding a port or a database connection.
describeWith(['postgres'], 'npm run start:apart: the launcher killed with -9', () => {
  it('leaves no app running', async () => {
    const db = await createTestDatabase({ poolSize: 1 });
    const dataDir = await mkdtemp(join(tmpdir(), 'factory-apart-kill-'));
    try {
      const service = await startService(START_APART, dataDir, 1, { DATABASE_URL: db.url });
      const apps = await nodeDescendants(service.child.pid!);
      expect(apps.length).toBeGreaterThanOrEqual(4); // write API, read API, projector, router
      service.child.kill('SIGKILL');
      await service.exited;
      const deadline = Date.now() + 60_000;
      while (apps.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(apps.filter(alive)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
