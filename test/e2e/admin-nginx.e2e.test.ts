import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithNginx, type NginxFrontDoor, startNginx } from '../support/nginx-front-door.js';
import { apartApiPorts, type ServiceProcess, START_APART, startService } from '../support/service-process.js';
import { adminScenario } from './admin-log-scenario.js';

// issue 20 in compose's shape: nginx (infra/nginx.conf.template) in front of the settings page
// and the APIs of `npm run start:apart`, /admin and below to the page, everything else as before.
describeWith(['postgres'], 'settings page behind nginx (issue 20)', () => {
  describeWithNginx('nginx front door', () => {
    let dataDir: string;
    let service: ServiceProcess;
    let nginx: NginxFrontDoor;
    let db: Awaited<ReturnType<typeof createTestDatabase>>;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'factory-admin-nginx-'));
      db = await createTestDatabase();
      service = await startService(START_APART, dataDir, 1, { DATABASE_URL: db.url });
      const { writeApi, readApi } = apartApiPorts(service);
      const adminPort = /\[admin\] listening on port (\d+)/.exec(service.stderr())?.[1];
      expect(adminPort, service.stderr()).toBeDefined();
      nginx = await startNginx({
        readApi: `127.0.0.1:${readApi}`,
        writeApi: `127.0.0.1:${writeApi}`,
        adminApi: `127.0.0.1:${adminPort}`,
      });
    }, 240_000);
    afterAll(async () => {
      await nginx?.stop();
      await service?.stop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('serves the whole visit of the page through nginx; other paths still reach the API', async () => {
      const company = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });
      const page = await fetch(`${nginx.base}/admin/entrar`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      // nginx says the request came over plain HTTP: no Secure cookie.
      expect(page.headers.get('set-cookie')).not.toMatch(/Secure/i);
      expect((await fetch(`${nginx.base}/admin`, { redirect: 'manual' })).status).toBe(303); // to sign-in
      const secrets = await adminScenario(nginx.base, db.pool, company.empresaId);
      const eu = await fetch(`${nginx.base}/v1/eu`, {
        headers: { authorization: `Bearer ${secrets.token}` },
      });
      expect(eu.status).toBe(401); // revoked on the page
      const other = await fetch(`${nginx.base}/administrador`);
      expect(other.status).toBe(404);
      expect(((await other.json()) as { erro: { codigo: string } }).erro.codigo).toBe('rota_inexistente');
      const api = await fetch(`${nginx.base}/v1/eu`, {
        headers: { authorization: `Bearer ${company.token}` },
      });
      expect(api.status).toBe(200);
      expect(api.headers.get('set-cookie')).toBeNull();
    }, 240_000);
  });
});
