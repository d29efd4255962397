import { createTestDatabase, describeWith } from '@factory/database/testing';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, demoAdminSignIn, seedDemoCompany } from './demo-seed.js';
import { acceptInvitation, openInvitation } from './invitation-service.js';
import { signIn } from './sign-in-service.js';

// `npm start` on the embedded default prints the demo administrator's way into the settings page.
describeWith(['postgres'], 'demo administrator sign-in', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  it('gives a fresh invitation at each start until a password is set, then the e-mail only', async () => {
    const now = new Date();
    const { empresaId } = await seedDemoCompany(db.pool, now);
    const first = await demoAdminSignIn(db.pool, empresaId, now);
    expect(first.email).toBe(DEMO_ADMIN_EMAIL);
    const second = await demoAdminSignIn(db.pool, empresaId, now);
    expect(second.codigo).not.toBe(first.codigo);
    expect(await openInvitation(db.pool, first.codigo!, now)).toBeNull(); // only the latest printed link works
    expect(await acceptInvitation(db.pool, second.codigo!, 'senha do administrador demo', now)).toBe(true);
    expect(await demoAdminSignIn(db.pool, empresaId, now)).toEqual({ email: DEMO_ADMIN_EMAIL, codigo: null });
    expect(await signIn(db.pool, DEMO_ADMIN_EMAIL, 'senha do administrador demo', now)).toMatchObject({
      result: 'ok',
    });
  });

  it('gives the demo e-mail to a demo company made before users had e-mails', async () => {
    const now = new Date();
    const { empresaId } = await seedDemoCompany(db.pool, now);
    await db.pool.query('UPDATE usuarios SET email = NULL, senha_hash = NULL WHERE empresa_id = $1', [
      empresaId,
    ]);
    const signInLink = await demoAdminSignIn(db.pool, empresaId, now);
    expect(signInLink.email).toBe(DEMO_ADMIN_EMAIL);
    expect(signInLink.codigo).not.toBeNull();
  });
});
