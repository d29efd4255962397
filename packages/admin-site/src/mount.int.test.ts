import type { AddressInfo } from 'node:net';
import { createLogger } from '@factory/http';
import { createTestDatabase, describeWith } from '@factory/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminApp } from './admin-app.js';
import { isAdminPath, mountAdmin } from './mount.js';

// The single process's one port: /admin to the settings page, everything else to the API as before.
describeWith(['postgres'], 'settings page mounted beside the API', () => {
  let api: FastifyInstance;
  let admin: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    const db = await createTestDatabase();
    api = Fastify();
    api.all('/*', async (request) => ({ api: true, url: request.url }));
    admin = await createAdminApp({ pool: db.pool, logger: createLogger('silent') });
    await mountAdmin(api.server, admin);
    await api.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await api?.close();
    await admin?.close();
  });

  it('sends /admin and below to the page, and every other path to the API untouched', async () => {
    for (const path of ['/admin', '/admin/', '/admin/entrar', '/admin?x=1']) {
      const res = await fetch(base + path, { redirect: 'manual' });
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
    for (const path of ['/v1/eu', '/administrador', '/v1/admin', '/', '/Admin/entrar']) {
      const res = await fetch(base + path);
      expect(await res.json(), path).toEqual({ api: true, url: path });
      expect(res.headers.get('set-cookie'), path).toBeNull();
      expect(res.headers.get('content-security-policy'), path).toBeNull();
      expect(
        [...res.headers.keys()].filter((h) => h.startsWith('access-control-')),
        path,
      ).toEqual([]);
    }
  });

  it('recognises the page paths exactly', () => {
    expect(['/admin', '/admin/', '/admin/x', '/admin?y'].map(isAdminPath)).toEqual([true, true, true, true]);
    expect(['/adminx', '/v1/admin', '/', undefined].map(isAdminPath)).toEqual([false, false, false, false]);
  });
});
