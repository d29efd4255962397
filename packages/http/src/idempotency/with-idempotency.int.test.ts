import { randomUUID } from 'node:crypto';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/database/testing';
import { createTestApi, TestClock } from '@factory/http/testing';
import { createTenantFixture, type TenantFixture } from '@factory/tenants/testing';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import {
  IdempotencyProbe,
  idempotencyTestRoutes,
} from '../../test/idempotency/idempotency-routes.fixture.js';
import { platformTestDeclarations } from '../../test/platform-routes.fixture.js';
import { requestFingerprint } from './canonical-json.js';
import { HOLDER_LOCK_CLASS } from './key-holder-session.js';

const HOUR = 3_600_000;

describeWith(['postgres', 'redis'], 'withIdempotency', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let tenant: TenantFixture;
  const probe = new IdempotencyProbe();
  const send = (url: string, body: unknown, key?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${tenant.token}`,
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload: JSON.stringify(body),
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    clock = new TestClock(new Date('2026-05-01T10:00:00Z'));
    ({ app } = await createTestApi(db, {
      platformRoutes: platformTestDeclarations,
      routes: idempotencyTestRoutes(db.pool, clock.now, probe),
      clock,
      checkAnswers: true,
    }));
    tenant = await createTenantFixture(db.pool, { escopos: ['estoque:escrever'], now: clock.now() });
  });
  beforeEach(() => {
    probe.executions = 0;
    probe.gate = null;
  });

  it('executes every time without a key where it is optional, and refuses its absence where required', async () => {
    await send('/v1/teste/idem', { valor: 1 });
    await send('/v1/teste/idem', { valor: 1 });
    expect(probe.executions).toBe(2);
    const missing = await send('/v1/teste/idem-obrigatoria', { valor: 1 });
    expect([missing.statusCode, missing.json().erro.campo]).toEqual([400, 'Idempotency-Key']);
  });

  it('makes a concurrent repeat wait for the first attempt and replay its answer', async () => {
    let open!: () => void;
    probe.gate = new Promise((resolve) => (open = resolve));
    const first = send('/v1/teste/idem', { valor: 2 }, 'espera');
    await expect.poll(() => probe.executions).toBe(1);
    const second = send('/v1/teste/idem', { valor: 2 }, 'espera');
    // The repeat has found the key taken (the gate is shut: by a running attempt) before it opens.
    await expect.poll(() => probe.takenKeyReads).toBeGreaterThan(0);
    open();
    const [a, b] = await Promise.all([first, second]);
    expect(probe.executions).toBe(1);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.payload).toBe(a.payload);
    expect(b.headers['x-posicao-log']).toBe(a.headers['x-posicao-log']);
    expect(b.headers['idempotency-replayed']).toBe('true');
  });

  it('refuses a repeat that waited past its bound with 503 and Retry-After, and never executes it', async () => {
    let open!: () => void;
    probe.gate = new Promise((resolve) => (open = resolve));
    const first = send('/v1/teste/idem-curta', { valor: 3 }, 'demorada');
    await expect.poll(() => probe.executions).toBe(1);
    const impatient = await send('/v1/teste/idem-curta', { valor: 3 }, 'demorada');
    expect(impatient.statusCode).toBe(503);
    expect(impatient.json().erro.codigo).toBe('banco_indisponivel');
    expect(impatient.json().erro.mensagem).toMatch(/Idempotency-Key ainda está em andamento/);
    expect(impatient.headers['retry-after']).toBe('1');
    open();
    const answered = await first;
    expect(answered.statusCode).toBe(201);
    // Retried as advised, with the same key: the first answer, and still one execution.
    const retried = await send('/v1/teste/idem-curta', { valor: 3 }, 'demorada');
    expect([retried.statusCode, retried.payload, retried.headers['idempotency-replayed']]).toEqual([
      201,
      answered.payload,
      'true',
    ]);
    expect(probe.executions).toBe(1);
  });

  const insertRunning = (
    key: string,
    options: { url?: string; body: unknown; leaseUntil: Date; holder?: number },
  ) =>
    db.pool.query(
      `INSERT INTO idempotency_keys
         (token_id, idempotency_key, empresa_id, fingerprint, attempt_id, state, created_at, lease_until, holder)
       VALUES ($1, $2, $3, $4, $5, 'running', $6, $7, $8)`,
      [
        tenant.tokenId,
        key,
        tenant.empresaId,
        requestFingerprint('POST', options.url ?? '/v1/teste/idem', options.body),
        randomUUID(),
        clock.now(),
        options.leaseUntil,
        options.holder ?? null,
      ],
    );

  it('takes over at once the key of an attempt whose holder session ended (its process died)', async () => {
    // Another process's attempt as its connection holds it: the lock, and the row naming it,
    // with a lease an hour away, so that only the end of its holder can free the key.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    const holder = 1_000_003;
    await other.query('SELECT pg_advisory_lock($1::int, $2::int)', [HOLDER_LOCK_CLASS, holder]);
    const url = '/v1/teste/idem-curta';
    await insertRunning('orfa', {
      url,
      body: { valor: 11 },
      leaseUntil: new Date(clock.now().getTime() + HOUR),
      holder,
    });
    // While the holder lives, a repeat waits for it and is refused past its bound.
    expect((await send(url, { valor: 11 }, 'orfa')).statusCode).toBe(503);
    expect(probe.executions).toBe(0);

    await other.end();
    const held = async () =>
      (
        await db.pool.query(
          'SELECT 1 FROM pg_locks WHERE locktype = $1 AND classid = $2::int::oid AND objid = $3::int::oid',
          ['advisory', HOLDER_LOCK_CLASS, holder],
        )
      ).rowCount;
    await expect.poll(held).toBe(0);
    const res = await send(url, { valor: 11 }, 'orfa');
    expect([res.statusCode, res.headers['idempotency-replayed']]).toEqual([201, undefined]);
    expect(res.json()).toMatchObject({ valor: 11, chave: 'orfa' });
    const again = await send(url, { valor: 11 }, 'orfa');
    expect([again.statusCode, again.payload, again.headers['idempotency-replayed']]).toEqual([
      201,
      res.payload,
      'true',
    ]);
    expect(probe.executions).toBe(1);
  });

  it('takes over the key of an attempt whose lease ran out (a holder that never settled it)', async () => {
    await insertRunning('morta', { body: { valor: 4 }, leaseUntil: new Date(clock.now().getTime() - 1) });
    const res = await send('/v1/teste/idem', { valor: 4 }, 'morta');
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotency-replayed']).toBeUndefined();
    // A live lease of another body is still a reuse of the key.
    await insertRunning('viva', { body: { valor: 5 }, leaseUntil: new Date(clock.now().getTime() + HOUR) });
    expect((await send('/v1/teste/idem', { valor: 6 }, 'viva')).json().erro.codigo).toBe(
      'chave_idempotencia_reutilizada',
    );
  });

  it('keeps no 5xx: the retry of a failed attempt runs afresh', async () => {
    probe.failNext = true;
    expect((await send('/v1/teste/idem', { valor: 7 }, 'falhou')).statusCode).toBe(500);
    const retry = await send('/v1/teste/idem', { valor: 7 }, 'falhou');
    expect([retry.statusCode, retry.headers['idempotency-replayed']]).toEqual([201, undefined]);
    expect(probe.executions).toBe(2);
  });

  it('keeps a refusal, replayed with its status and field', async () => {
    const first = await send('/v1/teste/idem', { valor: 8, recusar: true }, 'recusa');
    const again = await send('/v1/teste/idem', { valor: 8, recusar: true }, 'recusa');
    expect([first.statusCode, again.statusCode]).toEqual([422, 422]);
    expect(again.json().erro).toMatchObject({ codigo: 'validacao', campo: 'valor', mensagem: 'recusado' });
    expect(again.json().erro.id_requisicao).toBe(again.headers['x-request-id']);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(probe.executions).toBe(1);
  });

  it('forgets a key 24 hours after its first use: it may then name another body', async () => {
    expect((await send('/v1/teste/idem', { valor: 9 }, 'antiga')).statusCode).toBe(201);
    clock.advance(23 * HOUR);
    expect((await send('/v1/teste/idem', { valor: 10 }, 'antiga')).statusCode).toBe(409);
    clock.advance(HOUR);
    const reused = await send('/v1/teste/idem', { valor: 10 }, 'antiga');
    expect([reused.statusCode, reused.json().valor, reused.headers['idempotency-replayed']]).toEqual([
      201,
      10,
      undefined,
    ]);
    clock.advance(-24 * HOUR);
  });
});
