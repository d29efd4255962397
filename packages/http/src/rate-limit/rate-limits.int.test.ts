import { randomBytes } from 'node:crypto';
import { createTestDatabase, describeWith, redisUrl } from '@factory/database/testing';
import { createTestApi, TestClock } from '@factory/http/testing';
import { createToken } from '@factory/tenants';
import { createTenantFixture } from '@factory/tenants/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { platformTestDeclarations, platformTestRoutes } from '../../test/platform-routes.fixture.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describeWith(['postgres', 'redis'], 'rate limits', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  it('refuses the token over its limit with 429, Retry-After and the headers of the window', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:15Z'));
    const { app } = await createTestApi(db, {
      platformRoutes: platformTestDeclarations,
      routes: platformTestRoutes,
      clock,
      limits: { perToken: 3, perCompany: 10 },
    });
    const t = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      expect(res.headers['x-ratelimit-reset']).toBe(String(Date.parse('2026-11-22T10:01:00Z') / 1000));
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const over = await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) });
    expect(over.statusCode).toBe(429);
    expect(over.json().erro.codigo).toBe('limite_excedido');
    expect(over.headers['retry-after']).toBe('45');
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    clock.set('2026-11-22T10:01:00Z');
    expect((await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) })).statusCode).toBe(200);
  });

  it('caps the company across its tokens, Remaining never above the company budget', async () => {
    const clock = new TestClock(new Date('2026-11-22T11:00:00Z'));
    const limits = { perToken: 5, perCompany: 6 };
    const a = await createTestApi(db, {
      platformRoutes: platformTestDeclarations,
      routes: platformTestRoutes,
      clock,
      limits,
      checkAnswers: true,
    });
    const t1 = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });
    const t2 = await createToken(db.pool, {
      empresaId: t1.empresaId,
      criadorId: t1.usuarioId,
      nome: 'dois',
      escopos: ['produtos:ler'],
      now: clock.now(),
    });
    for (let i = 0; i < 4; i++)
      expect((await a.app.inject({ url: '/v1/teste/produtos', headers: bearer(t1.token) })).statusCode).toBe(
        200,
      );
    const r = await a.app.inject({ url: '/v1/teste/produtos', headers: bearer(t2.token) });
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-ratelimit-remaining']).toBe('1'); // token has 4 left, company 1
    expect((await a.app.inject({ url: '/v1/teste/produtos', headers: bearer(t2.token) })).statusCode).toBe(
      200,
    );
    expect((await a.app.inject({ url: '/v1/teste/produtos', headers: bearer(t2.token) })).statusCode).toBe(
      429,
    );
    expect((await a.app.inject({ url: '/v1/teste/produtos', headers: bearer(t1.token) })).statusCode).toBe(
      429,
    );
  });

  it('counts two instances in the same Redis windows, atomically under concurrency', async () => {
    const redis = new Redis(redisUrl());
    afterAll(() => redis.quit());
    const prefix = `test-rl-${randomBytes(4).toString('hex')}`;
    const one = new RedisRateLimiter(redis, { perToken: 50, perCompany: 1000 }, prefix);
    const two = new RedisRateLimiter(new Redis(redisUrl()), { perToken: 50, perCompany: 1000 }, prefix);
    const now = new Date('2026-11-22T12:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) => (i % 2 ? one : two).consume('tok', 'emp', now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(50);
    // refused calls did not count against the company
    expect(await redis.get(`${prefix}:e:emp:${Math.floor(now.getTime() / 60_000)}`)).toBe('50');
  });

  it("runs one turn's calls of a token as one script run, each allowed call with its own Remaining", async () => {
    const redis = new Redis(redisUrl());
    afterAll(() => redis.quit());
    const prefix = `test-rl-${randomBytes(4).toString('hex')}`;
    const limiter = new RedisRateLimiter(redis, { perToken: 5, perCompany: 1000 }, prefix);
    // Counts the runs the limiter asks of the real Redis (it still runs every one).
    const run = redis.factoryRateConsumeMany.bind(redis);
    let runs = 0;
    redis.factoryRateConsumeMany = (...args) => {
      runs++;
      return run(...args);
    };
    const now = new Date('2026-11-22T12:30:00Z');
    const burst = await Promise.all(Array.from({ length: 8 }, () => limiter.consume('tok', 'emp', now)));
    expect(burst.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 4],
      [true, 3],
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
      [false, 0],
    ]);
    expect(runs).toBe(1);
    // the refused calls counted against neither window
    const window = Math.floor(now.getTime() / 60_000);
    expect(await redis.get(`${prefix}:t:tok:${window}`)).toBe('5');
    expect(await redis.get(`${prefix}:e:emp:${window}`)).toBe('5');
    // another token of the company, in a later turn: its own window, the company's budget
    const other = await Promise.all([
      limiter.consume('tok2', 'emp', now),
      limiter.consume('tok2', 'emp', now),
    ]);
    expect(other.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 4],
      [true, 3],
    ]);
    expect(await redis.get(`${prefix}:e:emp:${window}`)).toBe('7');
    expect(runs).toBe(2);
  });

  it('keeps serving with in-process limits when Redis is unreachable', async () => {
    const clock = new TestClock(new Date('2026-11-22T13:00:00Z'));
    const { app } = await createTestApi(db, {
      platformRoutes: platformTestDeclarations,
      routes: platformTestRoutes,
      clock,
      limits: { perToken: 2, perCompany: 10 },
      redisUrl: 'redis://127.0.0.1:1', // nothing listens there
    });
    const t = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push((await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });
});
