import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_ACTIVE_TOKENS } from '@factory/domain';
import { createInvitation, createToken, createUser, invitationLink, listTokens } from '@factory/tenants';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith } from '@factory/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, startChromium } from '../support/headless-chromium.js';
import { SERVICE_MODES, startService } from '../support/service-process.js';

// issue 20, admin.md "Tested in a real browser": Debian's Chromium, headless, through the whole
// flow of the settings page in both start modes. Screenshots of every page are kept in
// test-artifacts/admin/<mode>/ (git-ignored) for a person to look at.

const ARTIFACTS = new URL('../../test-artifacts/admin/', import.meta.url).pathname;
const PASSWORD = 'uma senha bem longa';
const slug = (mode: string) => mode.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');

/** The page is no wider than the window: nothing to scroll sideways. */
const fitsWidth = (page: Page) =>
  page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

/** The text of the first element `selector` finds, once there. */
const textOf = async (page: Page, selector: string) =>
  (await page.locator(selector).first().textContent())?.trim();

/** Clicks and waits for the page that follows (form posts, links). */
const clickThrough = async (page: Page, target: ReturnType<Page['locator']>) => {
  await Promise.all([page.waitForNavigation(), target.click()]);
};

describeWith(['postgres'], 'settings page in a real browser (issue 20)', () => {
  describeWithChromium('headless Chromium', () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'factory-admin-browser-'));
    });
    afterAll(async () => {
      await rm(dataDir, { recursive: true, force: true });
    });

    for (const mode of SERVICE_MODES) {
      it(`${mode.name}: invitation, password, sign-in, a token made, read once, used, revoked; limits and refusals; sign-out`, async () => {
        const db = await createTestDatabase();
        const service = await startService(mode, join(dataDir, slug(mode.name)), 1, { DATABASE_URL: db.url });
        const base = `http://127.0.0.1:${service.port}`;
        const shots = join(ARTIFACTS, slug(mode.name));
        await mkdir(shots, { recursive: true });
        const company = await createTenantFixture(db.pool, { escopos: [], nome: 'Malharia Navegador' });
        const email = `admin.${Date.now()}@malharia.example`;
        const adminId = await createUser(db.pool, {
          empresaId: company.empresaId,
          nome: 'Ana Admin',
          admin: true,
          email,
        });
        const browser = await startChromium();
        try {
          const page = await browser.context.newPage();
          page.setDefaultTimeout(60_000);
          const shot = (name: string) =>
            page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

          // 1. The invitation link, as `usuario convite` prints it; the password set there.
          const { codigo } = await createInvitation(db.pool, adminId, new Date());
          await page.goto(invitationLink(base, codigo));
          expect(await textOf(page, 'h1')).toBe('Definir senha');
          await shot('01-convite');
          await page.getByLabel('Nova senha').fill('curta');
          await page.getByLabel('Repita a senha').fill('curta');
          // The browser's own minlength check would stop the form: the server's is under test.
          await page.locator('form').evaluate((form) => form.setAttribute('novalidate', ''));
          await clickThrough(page, page.getByRole('button', { name: 'Definir senha' }));
          expect(await textOf(page, 'p.erro')).toContain('pelo menos 12 caracteres');
          await shot('02-convite-senha-curta');
          await page.getByLabel('Nova senha').fill(PASSWORD);
          await page.getByLabel('Repita a senha').fill(PASSWORD);
          await clickThrough(page, page.getByRole('button', { name: 'Definir senha' }));
          await page.waitForURL('**/admin/entrar?senha=definida');
          expect(await textOf(page, 'p.aviso')).toContain('Senha definida');
          await shot('03-entrar');
          await page.goto(invitationLink(base, codigo));
          expect(await textOf(page, 'p.erro')).toContain('já foi usado ou venceu');
          expect(await page.locator('input[type=password]').count()).toBe(0);
          await shot('04-convite-usado');

          // 2. Sign-in: a wrong password first, then the right one.
          await page.goto(`${base}/admin/entrar`);
          await page.getByLabel('E-mail').fill(email);
          await page.getByLabel('Senha').fill('senha errada demais');
          await clickThrough(page, page.getByRole('button', { name: 'Entrar' }));
          expect(await textOf(page, 'p.erro')).toBe('E-mail ou senha incorretos.');
          await shot('05-entrar-recusado');
          await page.getByLabel('Senha').fill(PASSWORD);
          await clickThrough(page, page.getByRole('button', { name: 'Entrar' }));
          await page.waitForURL(`${base}/admin/`);
          expect(await textOf(page, '.contagem')).toBe('1 de 10 tokens ativos');
          const cookies = await browser.context.cookies(`${base}/admin/`);
          expect(cookies.find((c) => c.name === 'sessao')).toMatchObject({
            path: '/admin',
            httpOnly: true,
            sameSite: 'Strict',
          });
          await shot('06-tokens');

          // 3. A new token, read once, then used against /v1/eu.
          await clickThrough(page, page.getByRole('link', { name: 'Novo token' }).first());
          expect(await textOf(page, 'h1')).toBe('Novo token');
          expect(await page.getByLabel('365 dias').isChecked()).toBe(true);
          await shot('07-novo-token');
          await page.getByLabel('Nome').fill('ERP pelo navegador');
          await page.getByRole('group', { name: 'Produtos' }).getByLabel('Ler e escrever').check();
          await page.getByRole('group', { name: 'Pedidos' }).getByLabel('Ler').check();
          await page.getByLabel('90 dias').check();
          await clickThrough(page, page.getByRole('button', { name: 'Criar token' }));
          await page.waitForURL('**/admin/tokens/criado');
          expect(await page.getByText('não será mostrado de novo').isVisible()).toBe(true);
          expect(await page.getByRole('button', { name: 'Copiar' }).isVisible()).toBe(true); // the script ran under the CSP
          const token = await page.getByLabel('Token').inputValue();
          expect(token).toMatch(/^svc_live_[A-Za-z0-9]{46}$/);
          await shot('08-token-criado');
          const eu = await fetch(`${base}/v1/eu`, { headers: { authorization: `Bearer ${token}` } });
          expect(eu.status).toBe(200);
          expect(eu.headers.get('set-cookie')).toBeNull();
          await page.reload();
          expect(await textOf(page, 'h1')).toBe('Token já mostrado');
          expect(await page.content()).not.toContain(token);
          await shot('09-token-ja-mostrado');
          await page.goBack();
          await page.goForward();
          expect(await page.content()).not.toContain(token);

          // 4. Listed as the CLI lists it, then revoked with confirmation: the next call is 401.
          const listed = (await listTokens(db.pool, company.empresaId, new Date())).find(
            (t) => t.nome === 'ERP pelo navegador',
          );
          expect(listed).toMatchObject({ prefixo: token.slice(0, 20), situacao: 'ativo' });
          await page.goto(`${base}/admin/`);
          const row = page.locator('li.token', { hasText: 'ERP pelo navegador' });
          expect(await row.textContent()).toContain('Produtos: ler e escrever; Pedidos: ler');
          await clickThrough(page, row.getByRole('link', { name: 'Revogar' }));
          expect(await textOf(page, 'h1')).toBe('Revogar token');
          await shot('10-revogar');
          await clickThrough(page, page.getByRole('button', { name: 'Revogar' }));
          await page.waitForURL('**/admin/?revogado=1');
          const situation = page.locator('li.token', { hasText: 'ERP pelo navegador' }).locator('.situacao');
          expect(await situation.textContent()).toBe('revogado');
          await shot('11-tokens-revogado');
          const after = await fetch(`${base}/v1/eu`, { headers: { authorization: `Bearer ${token}` } });
          expect(after.status).toBe(401);
          expect(((await after.json()) as { erro: { codigo: string } }).erro.codigo).toBe('token_revogado');

          // 5. The 11th active token is refused, and nothing is created.
          for (
            let i = (await listTokens(db.pool, company.empresaId, new Date())).filter(
              (t) => t.situacao === 'ativo',
            ).length;
            i < MAX_ACTIVE_TOKENS;
            i++
          )
            await createToken(db.pool, {
              empresaId: company.empresaId,
              criadorId: adminId,
              nome: `Integração ${i + 1}`,
              escopos: ['produtos:ler'],
              now: new Date(),
            });
          await page.goto(`${base}/admin/tokens/novo`);
          expect(await textOf(page, 'p.erro')).toContain('já tem 10 tokens ativos');
          await page.getByLabel('Nome').fill('Décimo primeiro');
          await clickThrough(page, page.getByRole('button', { name: 'Criar token' }));
          expect(await page.getByLabel('Nome').inputValue()).toBe('Décimo primeiro');
          await shot('12-novo-token-limite');
          const names = (await listTokens(db.pool, company.empresaId, new Date())).map((t) => t.nome);
          expect(names).not.toContain('Décimo primeiro');

          // 6. A POST without the anti-CSRF token: 403, and the token stays active.
          await page.goto(`${base}/admin/`);
          await clickThrough(
            page,
            page
              .locator('li.token', { hasText: 'Integração' })
              .first()
              .getByRole('link', { name: 'Revogar' }),
          );
          await page.locator('form.cartao input[name=_csrf]').evaluate((input) => input.remove());
          const refusal = page.waitForResponse((r) => r.request().method() === 'POST');
          await clickThrough(page, page.getByRole('button', { name: 'Revogar' }));
          expect((await refusal).status()).toBe(403);
          expect(await textOf(page, 'p.erro')).toContain('O formulário expirou');
          await shot('13-csrf-recusado');
          const active = (await listTokens(db.pool, company.empresaId, new Date())).filter(
            (t) => t.situacao === 'ativo',
          );
          expect(active).toHaveLength(MAX_ACTIVE_TOKENS);

          // 7. Activity, then readable at 320 px.
          await page.goto(`${base}/admin/atividade`);
          expect(await textOf(page, 'ul.eventos')).toContain('revogado por Ana Admin');
          await shot('14-atividade');
          await page.setViewportSize({ width: 320, height: 640 });
          for (const [path, name] of [
            ['/admin/', '15-tokens-320px'],
            ['/admin/tokens/novo', '16-novo-token-320px'],
            ['/admin/atividade', '17-atividade-320px'],
          ] as const) {
            await page.goto(base + path);
            expect(await fitsWidth(page), `${path} scrolls sideways at 320 px`).toBe(true);
            await shot(name);
          }
          await page.setViewportSize({ width: 1024, height: 768 });

          // 8. Sign-out: the session is gone, the pages ask to sign in again.
          await clickThrough(page, page.getByRole('button', { name: 'Sair' }));
          await page.waitForURL('**/admin/entrar?saiu=1');
          expect(await textOf(page, 'p.aviso')).toBe('Você saiu.');
          await shot('18-saiu');
          await page.goto(`${base}/admin/`);
          await page.waitForURL('**/admin/entrar');

          // 9. A user who is not an administrator: the page is for administrators.
          const plainEmail = `operador.${Date.now()}@malharia.example`;
          const plainId = await createUser(db.pool, {
            empresaId: company.empresaId,
            nome: 'Otto Operador',
            admin: false,
            email: plainEmail,
          });
          const plain = await createInvitation(db.pool, plainId, new Date());
          await page.goto(invitationLink(base, plain.codigo));
          await page.getByLabel('Nova senha').fill(PASSWORD);
          await page.getByLabel('Repita a senha').fill(PASSWORD);
          await clickThrough(page, page.getByRole('button', { name: 'Definir senha' }));
          await page.waitForURL('**/admin/entrar?senha=definida');
          await page.getByLabel('E-mail').fill(plainEmail);
          await page.getByLabel('Senha').fill(PASSWORD);
          await clickThrough(page, page.getByRole('button', { name: 'Entrar' }));
          expect(await textOf(page, 'h1')).toBe('Só para administradores');
          await shot('19-so-administradores');
          await page.goto(`${base}/admin/`);
          await page.waitForURL('**/admin/entrar');
          await page.setViewportSize({ width: 320, height: 640 });
          expect(await fitsWidth(page)).toBe(true);
          await shot('20-entrar-320px');
        } finally {
          await browser.close();
          await service.stop();
        }
      }, 600_000);
    }
  });
});
