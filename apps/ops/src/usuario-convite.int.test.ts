import { openInvitation } from '@factory/tenants';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { ops, json as parseJson } from '../test/run-cli.fixture.js';

const CLI_TIMEOUT = 240_000; // several CLI processes loading TypeScript on a busy machine
const LINK = /^https:\/\/api\.exemplo\.com\.br\/admin\/convite\/([A-Za-z0-9_-]{43})$/;

describeWith(['postgres'], 'ops CLI: invitations to the settings page', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const cli = (...args: string[]) =>
    ops(args, { DATABASE_URL: db.url, PUBLIC_URL: 'https://api.exemplo.com.br' });
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  it(
    'usuario criar --email --admin --convite and usuario convite print a one-time link; a new one voids the previous',
    async () => {
      const f = await createTenantFixture(db.pool, { escopos: [] });
      const email = `ana.${Date.now()}@exemplo.com.br`;
      const created = parseJson<{ id: string; convite: string; expira_em: string }>(
        await cli(
          'usuario',
          'criar',
          '--empresa',
          f.empresaId,
          '--nome',
          'Ana',
          '--email',
          email,
          '--admin',
          '--convite',
          '--json',
        ),
      );
      const first = LINK.exec(created.convite)?.[1];
      expect(first, created.convite).toBeDefined();
      const row = await db.pool.query('SELECT email, admin FROM usuarios WHERE id = $1', [created.id]);
      expect(row.rows[0]).toEqual({ email, admin: true });
      expect(await openInvitation(db.pool, first!, new Date())).toMatchObject({ usuarioId: created.id });

      const text = await cli('usuario', 'convite', '--usuario', created.id);
      expect(text.code, text.stderr).toBe(0);
      const second = /\/admin\/convite\/([A-Za-z0-9_-]{43})/.exec(text.stdout)?.[1];
      expect(second).toBeDefined();
      expect(text.stdout).toContain('uso único');
      expect(await openInvitation(db.pool, first!, new Date())).toBeNull();
      expect(await openInvitation(db.pool, second!, new Date())).not.toBeNull();
      // Codes are kept hashed only.
      const stored = await db.pool.query('SELECT codigo_hash FROM convites WHERE usuario_id = $1', [
        created.id,
      ]);
      expect(stored.rows.map((r) => String(r.codigo_hash))).not.toContain(second);
    },
    CLI_TIMEOUT,
  );

  it(
    'refuses --convite without --email and an invitation for a user without e-mail, creating nothing',
    async () => {
      const f = await createTenantFixture(db.pool, { escopos: [] });
      const noEmail = await cli('usuario', 'criar', '--empresa', f.empresaId, '--nome', 'Bia', '--convite');
      expect(noEmail.code).not.toBe(0);
      expect(noEmail.stderr).toContain('--convite exige --email');
      const count = await db.pool.query('SELECT count(*)::int AS n FROM usuarios WHERE empresa_id = $1', [
        f.empresaId,
      ]);
      expect(count.rows[0].n).toBe(1);
      const invite = await cli('usuario', 'convite', '--usuario', f.usuarioId);
      expect(invite.code).toBe(1);
      expect(invite.stderr).toContain('não tem e-mail');
      const invites = await db.pool.query('SELECT count(*)::int AS n FROM convites WHERE usuario_id = $1', [
        f.usuarioId,
      ]);
      expect(invites.rows[0].n).toBe(0);
    },
    CLI_TIMEOUT,
  );
});
