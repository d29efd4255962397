import { ADMIN_BODY_LIMIT, createAdminApp } from '@factory/admin-site';
import { createLogger } from '@factory/http';
import { createInvitation, createUser, listTokens } from '@factory/tenants';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith } from '@factory/testing';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AdminClient } from '../../packages/admin-site/test/admin-client.fixture.js';
import { hostileString } from './hostile-values.js';

// issue 20: the settings page's form posts under hostile input. Every answer is a page (never a
// 500), every POST needs its one anti-CSRF token, oversized input changes nothing, and one
// company's administrator's session reaches nothing of another company.
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
const PASSWORD = 'senha hostil comprida';

describeWith(['postgres'], 'hostile input on the settings page forms (issue 20)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createAdminApp({
      pool: db.pool,
      logger: createLogger('info', { write: (line: string) => void logLines.push(line) }),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  let serial = 0;
  async function signedIn() {
    const f = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });
    const email = `hostil${++serial}.${Date.now()}@exemplo.com.br`;
    const usuarioId = await createUser(db.pool, {
      empresaId: f.empresaId,
      nome: 'Hostil',
      admin: true,
      email,
    });
    const { codigo } = await createInvitation(db.pool, usuarioId, new Date());
    const browser = new AdminClient(app);
    await browser.get(`/admin/convite/${codigo}`);
    expect(
      (await browser.post(`/admin/convite/${codigo}`, { senha: PASSWORD, confirmacao: PASSWORD })).statusCode,
    ).toBe(303);
    await browser.get('/admin/entrar');
    expect((await browser.post('/admin/entrar', { email, senha: PASSWORD })).statusCode).toBe(303);
    return { ...f, usuarioId, email, browser };
  }

  /** What a POST could change: the company's tokens and the user's sessions and password. */
  async function state(empresaId: string, usuarioId: string) {
    const tokens = await listTokens(db.pool, empresaId, new Date());
    const { rows } = await db.pool.query(
      `SELECT u.senha_hash, (SELECT count(*)::int FROM admin_sessoes s WHERE s.usuario_id = u.id) AS sessoes
         FROM usuarios u WHERE u.id = $1`,
      [usuarioId],
    );
    return { tokens: tokens.map((t) => `${t.id}:${t.situacao}`), ...rows[0] };
  }

  it('every POST without its anti-CSRF token, with a wrong one or with it twice is 403 and changes nothing', async () => {
    const a = await signedIn();
    await a.browser.get('/admin/');
    const token = (await listTokens(db.pool, a.empresaId, new Date()))[0]!;
    const { codigo } = await createInvitation(db.pool, a.usuarioId, new Date());
    const posts: Array<[string, Record<string, string>]> = [
      ['/admin/entrar', { email: a.email, senha: PASSWORD }],
      [`/admin/convite/${codigo}`, { senha: 'outra senha comprida', confirmacao: 'outra senha comprida' }],
      ['/admin/tokens/novo', { nome: 'Sem CSRF', validade: '365' }],
      [`/admin/tokens/${token.id}/revogar`, {}],
      ['/admin/sair', {}],
    ];
    const before = await state(a.empresaId, a.usuarioId);
    const good = a.browser.csrf;
    for (const [url, fields] of posts)
      for (const [how, csrf, extra] of [
        ['missing', null, {}],
        ['wrong', 'x'.repeat(good.length), {}],
        ['doubled', null, { _csrf: [good, good] }],
        ['empty', '', {}],
      ] as const) {
        const res = await a.browser.post(url, { ...fields, ...(extra as Record<string, string[]>) }, csrf);
        expect({ url, how, status: res.statusCode }).toEqual({ url, how, status: 403 });
        expect(res.headers['content-type']).toMatch(/^text\/html/);
      }
    // The token only in a header or the query string is no token either: the forms post it.
    const header = await app.inject({
      method: 'POST',
      url: `/admin/tokens/${token.id}/revogar?_csrf=${good}`,
      headers: {
        cookie: [...a.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
        'csrf-token': good,
        'x-csrf-token': good,
      },
      body: '',
    });
    expect(header.statusCode).toBe(403);
    expect(await state(a.empresaId, a.usuarioId)).toEqual(before);
    // The invitation is still unused, and the page still works with the right token.
    expect((await a.browser.get(`/admin/convite/${codigo}`)).statusCode).toBe(200);
    expect((await a.browser.post(`/admin/tokens/${token.id}/revogar`, {})).statusCode).toBe(303);
  });

  it('oversized fields and bodies are refused and change nothing', async () => {
    const a = await signedIn();
    await a.browser.get('/admin/tokens/novo');
    const before = await state(a.empresaId, a.usuarioId);
    const big = await a.browser.post('/admin/tokens/novo', {
      nome: 'x'.repeat(ADMIN_BODY_LIMIT),
      validade: '365',
    });
    expect(big.statusCode).toBe(413);
    expect(big.body).toContain('grande demais');
    const longName = await a.browser.post('/admin/tokens/novo', { nome: 'n'.repeat(5_000), validade: '365' });
    expect(longName.statusCode).toBe(422);
    expect(longName.body).toContain('no máximo 100 caracteres');
    const longChoice = await a.browser.post('/admin/tokens/novo', {
      nome: 'ok',
      validade: '9'.repeat(5_000),
      acesso_produtos: 'ler'.repeat(2_000),
    });
    expect(longChoice.statusCode).toBe(422);
    await a.browser.get('/admin/entrar');
    const longLogin = await a.browser.post('/admin/entrar', {
      email: `${'e'.repeat(8_000)}@x.com`,
      senha: PASSWORD,
    });
    expect(longLogin.statusCode).toBe(401);
    const longPassword = await a.browser.post('/admin/entrar', { email: a.email, senha: 'p'.repeat(10_000) });
    expect(longPassword.statusCode).toBe(401);
    const { codigo } = await createInvitation(db.pool, a.usuarioId, new Date());
    await a.browser.get(`/admin/convite/${codigo}`);
    const longNew = await a.browser.post(`/admin/convite/${codigo}`, {
      senha: 's'.repeat(7_000),
      confirmacao: 's'.repeat(7_000),
    });
    expect(longNew.statusCode).toBe(422);
    expect(longNew.body).toContain('no máximo 200 caracteres');
    expect(await state(a.empresaId, a.usuarioId)).toMatchObject({
      tokens: before.tokens,
      senha_hash: before.senha_hash,
    });
  });

  it('hostile values in every field of every form: a page, never a 500, input escaped, nothing made from invalid input', async () => {
    const a = await signedIn();
    await a.browser.get('/admin/tokens/novo');
    const fields = ['nome', 'acesso_produtos', 'acesso_pedidos', 'custos', 'validade'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), hostileString, async (field, value) => {
        const form: Record<string, string> = { nome: 'Hostil', validade: '365', [field]: value };
        const res = await a.browser.post('/admin/tokens/novo', form);
        expect(res.statusCode, `${field}=${JSON.stringify(value).slice(0, 80)}`).toBeLessThan(500);
        expect(res.body).not.toContain('<script>alert');
        // A valid form makes a token (up to the limit of 10; then 409): take the page that shows it.
        if (res.statusCode === 303) await a.browser.get('/admin/tokens/criado');
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (email, senha) => {
        const res = await a.browser.post('/admin/entrar', { email, senha });
        expect([401, 413]).toContain(res.statusCode); // 413: a value past the form's size limit
        expect(res.body).not.toContain('<script>alert');
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(hostileString, async (value) => {
        // A URL carries UTF-8: a lone surrogate arrives as U+FFFD.
        const codigo = Buffer.from(value).toString('utf8');
        const res = await a.browser.get(`/admin/convite/${encodeURIComponent(codigo)}`);
        expect(res.statusCode).toBeLessThan(500);
        const posted = await a.browser.post(`/admin/convite/${encodeURIComponent(codigo)}`, {
          senha: PASSWORD,
          confirmacao: PASSWORD,
        });
        expect([404, 410, 413, 414]).toContain(posted.statusCode); // 414: a code longer than a route parameter may be
      }),
      { numRuns: RUNS },
    );
    expect(logLines.join('')).not.toContain('"level":50');
  }, 300_000);

  it("another company's administrator's session cookie reaches none of this company's tokens", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const aToken = (await listTokens(db.pool, a.empresaId, new Date()))[0]!;
    const before = await state(a.empresaId, a.usuarioId);
    const list = await b.browser.get('/admin/');
    expect(list.body).not.toContain(aToken.prefixo);
    for (const filter of ['ativo', 'revogado', 'vencido', 'sem dono'])
      expect((await b.browser.get(`/admin/?situacao=${encodeURIComponent(filter)}`)).body).not.toContain(
        aToken.prefixo,
      );
    expect((await b.browser.get(`/admin/tokens/${aToken.id}/revogar`)).statusCode).toBe(404);
    expect((await b.browser.post(`/admin/tokens/${aToken.id}/revogar`, {})).statusCode).toBe(404);
    expect((await b.browser.post(`/admin/tokens/${aToken.id.toUpperCase()}/revogar`, {})).statusCode).toBe(
      404,
    );
    // B's session cookie with A's anti-CSRF cookie and token: still B's company, still nothing.
    b.browser.cookies.set('csrf', a.browser.cookies.get('csrf')!);
    expect((await b.browser.post(`/admin/tokens/${aToken.id}/revogar`, {}, a.browser.csrf)).statusCode).toBe(
      404,
    );
    expect((await b.browser.get('/admin/atividade')).body).not.toContain(aToken.prefixo);
    expect(await state(a.empresaId, a.usuarioId)).toEqual(before);
  });
});
