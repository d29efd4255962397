import { createTestDatabase, describeWith } from '@factory/database/testing';
import { beforeAll, expect, it } from 'vitest';
import { createTenantFixture } from '../test/tenant-fixture.js';
import {
  closeSession,
  keepNewToken,
  openSession,
  resumeSession,
  takeNewTokenOnce,
} from './admin-session-service.js';
import { suspendCompany } from './company-service.js';
import { acceptInvitation, createInvitation, openInvitation } from './invitation-service.js';
import { signIn } from './sign-in-service.js';
import { createUser, demoteUser } from './user-service.js';

const now = new Date('2030-01-10T12:00:00.000Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(now.getTime() + minutes * MIN);
const PASSWORD = 'correct horse battery';

describeWith(['postgres'], 'people of the settings page', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  let serial = 0;
  /** An administrator with an e-mail and a password set through an invitation. */
  async function admin(options: { admin?: boolean } = {}) {
    const f = await createTenantFixture(db.pool, { escopos: [], now });
    const email = `pessoa${++serial}.${Date.now()}@exemplo.com.br`;
    const usuarioId = await createUser(db.pool, {
      empresaId: f.empresaId,
      nome: 'Pessoa',
      admin: options.admin ?? true,
      email: email.toUpperCase(),
    });
    const { codigo } = await createInvitation(db.pool, usuarioId, now);
    expect(await acceptInvitation(db.pool, codigo, PASSWORD, now)).toBe(true);
    return { ...f, usuarioId, email };
  }

  it('refuses a second user with the same e-mail in another case, and a malformed e-mail', async () => {
    const a = await admin();
    const other = await createTenantFixture(db.pool, { escopos: [], now });
    await expect(
      createUser(db.pool, {
        empresaId: other.empresaId,
        nome: 'X',
        admin: true,
        email: a.email.toUpperCase(),
      }),
    ).rejects.toMatchObject({ code: 'invalido' });
    await expect(
      createUser(db.pool, { empresaId: other.empresaId, nome: 'X', admin: true, email: 'sem-arroba' }),
    ).rejects.toMatchObject({ code: 'invalido' });
  });

  it('an invitation works once, expires after 24 hours, and a new one voids the previous', async () => {
    const a = await admin();
    const first = await createInvitation(db.pool, a.usuarioId, now);
    const second = await createInvitation(db.pool, a.usuarioId, now);
    expect(await openInvitation(db.pool, first.codigo, now)).toBeNull();
    expect(await openInvitation(db.pool, second.codigo, now)).toMatchObject({ usuarioId: a.usuarioId });
    expect(await openInvitation(db.pool, second.codigo, at(24 * 60))).toBeNull();
    await expect(acceptInvitation(db.pool, second.codigo, 'curta', now)).rejects.toMatchObject({
      code: 'invalido',
    });
    expect(await acceptInvitation(db.pool, second.codigo, 'outra senha longa', now)).toBe(true);
    expect(await acceptInvitation(db.pool, second.codigo, 'outra senha longa', now)).toBe(false);
    expect(await signIn(db.pool, a.email, 'outra senha longa', now)).toMatchObject({ result: 'ok' });
  });

  it('one answer for a wrong password and an unknown e-mail; non-administrators are told apart only with the right password', async () => {
    const a = await admin();
    expect(await signIn(db.pool, a.email, 'senha errada!!', now)).toEqual({ result: 'recusado' });
    expect(await signIn(db.pool, `ninguem${a.email}`, PASSWORD, now)).toEqual({ result: 'recusado' });
    expect(await signIn(db.pool, ` ${a.email.toUpperCase()} `, PASSWORD, now)).toEqual({
      result: 'ok',
      usuarioId: a.usuarioId,
    });
    const plain = await admin({ admin: false });
    expect(await signIn(db.pool, plain.email, PASSWORD, now)).toEqual({ result: 'nao_admin' });
    const suspended = await admin();
    await suspendCompany(db.pool, suspended.empresaId);
    expect(await signIn(db.pool, suspended.email, PASSWORD, now)).toEqual({ result: 'nao_admin' });
  });

  it('locks an e-mail for 15 minutes after 5 failures within 15 minutes, the right password included', async () => {
    const a = await admin();
    const b = await admin();
    for (let i = 0; i < 4; i++) await signIn(db.pool, a.email, 'senha errada!!', at(i));
    expect(await signIn(db.pool, a.email, PASSWORD, at(4))).toMatchObject({ result: 'ok' }); // success clears
    for (let i = 0; i < 5; i++) await signIn(db.pool, a.email, 'senha errada!!', at(5 + i));
    expect(await signIn(db.pool, a.email, PASSWORD, at(10))).toEqual({ result: 'recusado' });
    expect(await signIn(db.pool, b.email, PASSWORD, at(10))).toMatchObject({ result: 'ok' }); // per e-mail
    expect(await signIn(db.pool, a.email, PASSWORD, at(9 + 14))).toEqual({ result: 'recusado' });
    expect(await signIn(db.pool, a.email, PASSWORD, at(9 + 15))).toMatchObject({ result: 'ok' });
    // Failures spread wider than 15 minutes never lock.
    for (let i = 0; i < 8; i++) await signIn(db.pool, b.email, 'senha errada!!', at(100 + i * 4));
    expect(await signIn(db.pool, b.email, PASSWORD, at(133))).toMatchObject({ result: 'ok' });
    // An unknown e-mail is counted and locked the same way.
    const ghost = `fantasma${serial}@exemplo.com.br`;
    for (let i = 0; i < 5; i++)
      expect(await signIn(db.pool, ghost, 'x', at(i))).toEqual({ result: 'recusado' });
    const { rows } = await db.pool.query('SELECT bloqueado_ate FROM admin_bloqueios WHERE email = $1', [
      ghost,
    ]);
    expect(rows[0].bloqueado_ate).toEqual(at(4 + 15));
  });

  it('a session ends after 30 minutes idle, 12 hours in all, at sign-out, demotion and suspension', async () => {
    const a = await admin();
    const id = await openSession(db.pool, a.usuarioId, now);
    expect(await resumeSession(db.pool, id, at(29))).toMatchObject({ usuarioId: a.usuarioId });
    expect(await resumeSession(db.pool, id, at(58))).not.toBeNull(); // idle counts from the last request
    expect(await resumeSession(db.pool, id, at(88))).toBeNull();
    expect(await resumeSession(db.pool, id, at(89))).toBeNull(); // ended, not only refused

    const long = await openSession(db.pool, a.usuarioId, now);
    for (let m = 25; m < 12 * 60; m += 25) expect(await resumeSession(db.pool, long, at(m))).not.toBeNull();
    expect(await resumeSession(db.pool, long, at(12 * 60))).toBeNull();

    const out = await openSession(db.pool, a.usuarioId, now);
    await closeSession(db.pool, out);
    expect(await resumeSession(db.pool, out, now)).toBeNull();

    const demoted = await openSession(db.pool, a.usuarioId, now);
    const again = await openSession(db.pool, a.usuarioId, now);
    expect(demoted).not.toBe(again);
    await demoteUser(db.pool, a.usuarioId);
    expect(await resumeSession(db.pool, demoted, now)).toBeNull();

    const b = await admin();
    const suspended = await openSession(db.pool, b.usuarioId, now);
    await suspendCompany(db.pool, b.empresaId);
    expect(await resumeSession(db.pool, suspended, now)).toBeNull();
    expect(await resumeSession(db.pool, 'not-a-session', now)).toBeNull();
  });

  it('a kept token is given back once, and only to its own session', async () => {
    const a = await admin();
    const id = await openSession(db.pool, a.usuarioId, now);
    const other = await openSession(db.pool, a.usuarioId, now);
    await keepNewToken(db.pool, id, 'svc_live_segredo');
    expect(await takeNewTokenOnce(db.pool, other)).toBeNull();
    const { rows } = await db.pool.query<{ token_novo: Buffer }>(
      'SELECT token_novo FROM admin_sessoes WHERE token_novo IS NOT NULL',
    );
    expect(rows.map((r) => r.token_novo.toString('latin1')).join()).not.toContain('segredo');
    expect(await takeNewTokenOnce(db.pool, id)).toBe('svc_live_segredo');
    expect(await takeNewTokenOnce(db.pool, id)).toBeNull();
  });
});
