import { connect, createServer, type Server, type Socket } from 'node:net';
import { createPool } from '@factory/database';
import { createTestDatabase, describeWith } from '@factory/database/testing';
import { createTestApi } from '@factory/http/testing';
import { createTenantFixture } from '@factory/tenants/testing';
import { afterAll, expect, it } from 'vitest';
import { platformTestDeclarations, platformTestRoutes } from '../test/platform-routes.fixture.js';

/** A TCP relay to the real PostgreSQL that the test can cut and restore, like a network outage. */
class Relay {
  #server: Server | undefined;
  readonly #sockets = new Set<Socket>();
  constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}
  async up(): Promise<void> {
    this.#server = createServer((client) => {
      const upstream = connect(this.target);
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on('close', () => this.#sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.port, '127.0.0.1', resolve));
  }
  async down(): Promise<void> {
    for (const s of this.#sockets) s.destroy();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

describeWith(['postgres'], 'database unavailable', () => {
  it('answers 503 banco_indisponivel while PostgreSQL is away and recovers by itself', async () => {
    const db = await createTestDatabase();
    const target = new URL(db.url);
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) }, port);
    await relay.up();
    afterAll(() => relay.down());
    const viaRelay = new URL(db.url);
    viaRelay.port = String(port);
    const pool = createPool(viaRelay.toString(), { max: 2 });
    afterAll(() => pool.end());
    const { app } = await createTestApi(
      { ...db, pool },
      {
        platformRoutes: platformTestDeclarations,
        routes: platformTestRoutes,
        redisUrl: null,
        checkAnswers: true,
      },
    );
    const t = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });

    await relay.down();
    const res = await app.inject({
      url: '/v1/teste/produtos',
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().erro.codigo).toBe('banco_indisponivel');

    await relay.up();
    const back = await app.inject({
      url: '/v1/teste/produtos',
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(back.statusCode).toBe(200);
  });
});
