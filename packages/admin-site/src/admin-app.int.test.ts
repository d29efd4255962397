import { MAX_ACTIVE_TOKENS } from '@factory/domain';
import { createLogger } from '@factory/http';
import {
  createInvitation,
  createUser,
  demoteUser,
  listTokens,
  revokeToken,
  suspendCompany,
} from '@factory/tenants';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith } from '@factory/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AdminClient } from '../test/admin-client.fixture.js';
import { createAdminApp } from './admin-app.js';
import { SESSION_COOKIE } from './session-cookie.js';

const PASSWORD = 'senha bem comprida';
const MIN = 60_000;

describeWith(['postgres'], 'administrators settings page', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  let now = new Date('2030-01-10T12:00:00.000Z');
  const logLines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
    // inject's requests come from 127.0.0.1: loopback is the proxy in front, as behind the router.
    app = await createAdminApp({ pool: db.pool, logger, clock: () => now, trustedProxies: ['loopback'] });
  });
  afterAll(async () => {
    await app?.close();
  });

  let serial = 0;
  /** A company with an administrator who set a password through the invitation page. */
  async function company(options: { admin?: boolean } = {}) {
    const f = await createTenantFixture(db.pool, { escopos: [], now, fuso: 'America/Sao_Paulo' });
    const email = `adm${++serial}.${Date.now()}@exemplo.com.br`;
    const usuarioId = await createUser(db.pool, {
      empresaId: f.empresaId,
      nome: `Pessoa ${serial}`,
      admin: options.admin ?? true,
      email,
    });
    const { codigo } = await createInvitation(db.pool, usuarioId, now);
    const browser = new AdminClient(app);
    const form = await browser.get(`/admin/convite/${codigo}`);
    expect(form.statusCode).toBe(200);
    const set = await browser.post(`/admin/convite/${codigo}`, { senha: PASSWORD, confirmacao: PASSWORD });
    expect(set.statusCode).toBe(303);
    return { ...f, usuarioId, email, codigo, browser };
  }

  async function signedIn(options: { admin?: boolean } = {}) {
    const c = await company(options);
    await c.browser.get('/admin/entrar');
    const answer = await c.browser.post('/admin/entrar', { email: c.email, senha: PASSWORD });
    return { ...c, answer };
  }

  it('invitation, sign-in, a token created and shown once, listed, revoked with confirmation', async () => {
    const c = await signedIn();
    expect(c.answer.statusCode).toBe(303);
    expect(c.answer.headers.location).toBe('/admin/');
    const cookie = (c.answer.cookies as Array<Record<string, unknown>>).find(
      (k) => k.name === SESSION_COOKIE,
    )!;
    expect(cookie).toMatchObject({ path: '/admin', httpOnly: true, sameSite: 'Strict' });
    expect(cookie.secure).toBeUndefined(); // plain HTTP here

    const list = await c.browser.get('/admin/');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('1 de 10 tokens ativos');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(list.headers['content-security-policy']).toContain("script-src 'self'");
    expect(list.headers['x-content-type-options']).toBe('nosniff');
    expect(list.headers['referrer-policy']).toBe('same-origin');

    await c.browser.get('/admin/tokens/novo');
    const created = await c.browser.post('/admin/tokens/novo', {
      nome: 'ERP da fábrica',
      acesso_produtos: 'escrever',
      acesso_pedidos: 'ler',
      custos: 'sim',
      validade: '90',
    });
    expect(created.statusCode).toBe(303);
    const shown = await c.browser.get(created.headers.location as string);
    const token = /value="(svc_live_[A-Za-z0-9]{46})"/.exec(shown.body)?.[1];
    expect(token).toBeDefined();
    expect(shown.body).toContain('não será mostrado de novo');
    expect(shown.headers['cache-control']).toBe('no-store');
    const again = await c.browser.get('/admin/tokens/criado');
    expect(again.body).not.toContain('svc_live_');

    const tokens = await listTokens(db.pool, c.empresaId, now);
    const mine = tokens.find((t) => t.nome === 'ERP da fábrica')!;
    expect(mine.prefixo).toBe(token!.slice(0, 20));
    expect(mine.escopos).toEqual(['produtos:ler', 'produtos:escrever', 'pedidos:ler', 'custos:ler']);
    expect(mine.expira_em).toEqual(new Date(now.getTime() + 90 * 86_400_000));

    const listed = await c.browser.get('/admin/');
    expect(listed.body).toContain(mine.prefixo);
    expect(listed.body).toContain('Produtos: ler e escrever; Pedidos: ler; custos');
    expect(listed.body).toContain('10/01/2030 09:00 (-03:00)'); // created at 12:00 UTC, in São Paulo
    expect(listed.body).toContain('10/04/2030'); // validade, 90 days

    const confirm = await c.browser.get(`/admin/tokens/${mine.id}/revogar`);
    expect(confirm.body).toContain('ERP da fábrica');
    const revoked = await c.browser.post(`/admin/tokens/${mine.id}/revogar`, {});
    expect(revoked.statusCode).toBe(303);
    const after = await listTokens(db.pool, c.empresaId, now);
    expect(after.find((t) => t.id === mine.id)?.situacao).toBe('revogado');
    const filtered = await c.browser.get('/admin/?situacao=revogado');
    expect(filtered.body).toContain(mine.prefixo);
    expect(filtered.body).not.toContain(tokens.find((t) => t.id !== mine.id)!.prefixo);

    const activity = await c.browser.get('/admin/atividade');
    expect(activity.body).toMatch(/ERP da fábrica.*revogado por Pessoa/);
    expect(activity.body).toMatch(/ERP da fábrica.*criado por Pessoa/);

    // Nothing secret in the log lines: the token, the invitation code, the session id, the password.
    const sessionId = c.browser.cookies.get(SESSION_COOKIE)!;
    const log = logLines.join('');
    for (const secret of [token!, c.codigo, sessionId, PASSWORD]) expect(log).not.toContain(secret);
    expect(log).toContain('/admin/convite/:codigo');
  });

  it('a token revoked by the CLI shows revogado; the 11th active token is refused and nothing is created', async () => {
    const c = await signedIn();
    const first = (await listTokens(db.pool, c.empresaId, now))[0]!;
    await revokeToken(db.pool, first.id);
    expect((await c.browser.get('/admin/?situacao=revogado')).body).toContain(first.prefixo);
    for (let i = 0; i < MAX_ACTIVE_TOKENS; i++) {
      await c.browser.get('/admin/tokens/novo');
      const made = await c.browser.post('/admin/tokens/novo', { nome: `T${i}`, validade: '365' });
      expect(made.statusCode).toBe(303);
    }
    const form = await c.browser.get('/admin/tokens/novo');
    expect(form.body).toContain('já tem 10 tokens ativos');
    const refused = await c.browser.post('/admin/tokens/novo', { nome: 'Décimo primeiro', validade: '365' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('value="Décimo primeiro"');
    expect((await listTokens(db.pool, c.empresaId, now)).some((t) => t.nome === 'Décimo primeiro')).toBe(
      false,
    );
  });

  it('a refused field is named beside it and what was typed is kept', async () => {
    const c = await signedIn();
    await c.browser.get('/admin/tokens/novo');
    const refused = await c.browser.post('/admin/tokens/novo', {
      nome: 'x'.repeat(101),
      acesso_pedidos: 'escrever',
      validade: '366',
      acesso_produtos: 'ler',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('no máximo 100 caracteres');
    expect(refused.body).toContain('Escolha Nenhum ou Ler.');
    expect(refused.body).toContain('Escolha 30, 90 ou 365 dias');
    expect(refused.body).toMatch(/name="acesso_produtos" value="ler" checked/);
    expect((await listTokens(db.pool, c.empresaId, now)).length).toBe(1);
  });

  it('one message for a wrong password and an unknown e-mail; a non-administrator sees the page is for administrators', async () => {
    const c = await company();
    await c.browser.get('/admin/entrar');
    const wrong = await c.browser.post('/admin/entrar', { email: c.email, senha: 'errada errada' });
    const unknown = await c.browser.post('/admin/entrar', { email: `x${c.email}`, senha: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const message = (body: string) => /<p class="erro" role="alert">([^<]+)</.exec(body)?.[1];
    expect(message(wrong.body)).toBe('E-mail ou senha incorretos.');
    expect(message(unknown.body)).toBe(message(wrong.body));
    expect(c.browser.cookies.has(SESSION_COOKIE)).toBe(false);

    const plain = await signedIn({ admin: false });
    expect(plain.answer.statusCode).toBe(403);
    expect(plain.answer.body).toContain('Esta página é para os administradores');
    expect(plain.browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await plain.browser.get('/admin/')).headers.location).toBe('/admin/entrar');
  });

  it('a POST without a valid anti-CSRF token is refused with 403 and changes nothing', async () => {
    const c = await signedIn();
    await c.browser.get('/admin/tokens/novo');
    const count = async () => (await listTokens(db.pool, c.empresaId, now)).length;
    const before = await count();
    const missing = await c.browser.post('/admin/tokens/novo', { nome: 'Sem CSRF', validade: '365' }, null);
    const wrong = await c.browser.post('/admin/tokens/novo', { nome: 'CSRF errado', validade: '365' }, 'abc');
    const doubled = await c.browser.post(
      '/admin/tokens/novo',
      {
        _csrf: [c.browser.csrf, c.browser.csrf],
        nome: 'CSRF dobrado',
        validade: '365',
      },
      null,
    );
    for (const r of [missing, wrong, doubled]) {
      expect(r.statusCode).toBe(403);
      expect(r.body).toContain('O formulário expirou');
    }
    const out = await c.browser.post('/admin/sair', {}, null);
    expect(out.statusCode).toBe(403);
    expect(await count()).toBe(before);
    expect((await c.browser.get('/admin/')).statusCode).toBe(200); // still signed in
  });

  it("an administrator never sees or revokes another company's token", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const bToken = (await listTokens(db.pool, b.empresaId, now))[0]!;
    expect((await a.browser.get('/admin/')).body).not.toContain(bToken.prefixo);
    expect((await a.browser.get(`/admin/tokens/${bToken.id}/revogar`)).statusCode).toBe(404);
    const post = await a.browser.post(`/admin/tokens/${bToken.id}/revogar`, {});
    expect(post.statusCode).toBe(404);
    expect((await listTokens(db.pool, b.empresaId, now))[0]!.situacao).toBe('ativo');
  });

  it('the session ends after 30 minutes idle, at sign-out, on demotion and on suspension, each at the next request', async () => {
    const idle = await signedIn();
    now = new Date(now.getTime() + 29 * MIN);
    expect((await idle.browser.get('/admin/')).statusCode).toBe(200);
    now = new Date(now.getTime() + 30 * MIN);
    const ended = await idle.browser.get('/admin/');
    expect(ended.statusCode).toBe(303);
    expect(ended.headers.location).toBe('/admin/entrar');

    const out = await signedIn();
    const old = out.browser.cookies.get(SESSION_COOKIE)!;
    await out.browser.post('/admin/sair', {});
    out.browser.cookies.set(SESSION_COOKIE, old); // a copy of the cookie is no use either
    expect((await out.browser.get('/admin/')).statusCode).toBe(303);

    const demoted = await signedIn();
    await demoteUser(db.pool, demoted.usuarioId);
    expect((await demoted.browser.get('/admin/')).headers.location).toBe('/admin/entrar');

    const suspended = await signedIn();
    await suspendCompany(db.pool, suspended.empresaId);
    expect((await suspended.browser.get('/admin/atividade')).headers.location).toBe('/admin/entrar');
  });

  it('cookies are Secure when the request came over HTTPS through a proxy that says so', async () => {
    const c = await company();
    c.browser.cookies.clear(); // a first visit: the anti-CSRF cookie is set now
    const page = await c.browser.get('/admin/entrar', { 'x-forwarded-proto': 'https' });
    const csrfCookie = (page.cookies as Array<Record<string, unknown>>).find((k) => k.name === 'csrf');
    expect(csrfCookie).toMatchObject({ secure: true, path: '/admin', httpOnly: true, sameSite: 'Strict' });
    const response = await app.inject({
      method: 'POST',
      url: '/admin/entrar',
      headers: {
        'x-forwarded-proto': 'https',
        cookie: `csrf=${c.browser.cookies.get('csrf')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ _csrf: c.browser.csrf, email: c.email, senha: PASSWORD }).toString(),
    });
    expect(response.statusCode).toBe(303);
    const session = (response.cookies as Array<Record<string, unknown>>).find(
      (k) => k.name === SESSION_COOKIE,
    );
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/admin' });
  });

  it("a client's own X-Forwarded-Proto is not believed when no proxy is trusted (the single process)", async () => {
    const frontDoor = await createAdminApp({
      pool: db.pool,
      logger: createLogger('silent'),
      clock: () => now,
    });
    try {
      const page = await frontDoor.inject({
        method: 'GET',
        url: '/admin/entrar',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(page.statusCode).toBe(200);
      const csrfCookie = (page.cookies as Array<Record<string, unknown>>).find((k) => k.name === 'csrf');
      expect(csrfCookie).toMatchObject({ path: '/admin', httpOnly: true });
      expect(csrfCookie?.secure).toBeUndefined();
    } finally {
      await frontDoor.close();
    }
  });

  it('a used or expired invitation shows a message and nothing else', async () => {
    const c = await company();
    const used = await c.browser.get(`/admin/convite/${c.codigo}`);
    expect(used.statusCode).toBe(410);
    expect(used.body).toContain('já foi usado ou venceu');
    expect(used.body).not.toContain('name="senha"');
    const { codigo } = await createInvitation(db.pool, c.usuarioId, now);
    now = new Date(now.getTime() + 24 * 60 * MIN);
    expect((await c.browser.get(`/admin/convite/${codigo}`)).statusCode).toBe(410);
  });
});
