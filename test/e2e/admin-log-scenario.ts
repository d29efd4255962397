import type { Pool } from '@factory/database';
import { createInvitation, createUser } from '@factory/tenants';
import { expect } from 'vitest';

// The settings page's part of the log audit (issue 20): a whole visit through plain HTTP, and
// the secrets it handled, none of which may reach a log line.

const PASSWORD = 'senha da auditoria de logs';
const WRONG = 'senha errada da auditoria';

export interface AdminSecrets {
  /** The API token created on the page. */
  token: string;
  others: Array<{ what: string; value: string }>;
}

export async function adminScenario(base: string, pool: Pool, empresaId: string): Promise<AdminSecrets> {
  const jar = new Map<string, string>();
  let csrf = '';
  const send = async (method: 'GET' | 'POST', path: string, form?: Record<string, string>) => {
    const res = await fetch(base + path, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    const body = await res.text();
    csrf = /name="_csrf" value="([^"]+)"/.exec(body)?.[1] ?? csrf;
    expect(res.status, `${method} ${path}`).toBeLessThan(500);
    return { status: res.status, body };
  };

  const email = `auditoria.${Date.now()}@exemplo.com.br`;
  const usuarioId = await createUser(pool, { empresaId, nome: 'Auditoria', admin: true, email });
  const { codigo } = await createInvitation(pool, usuarioId, new Date());
  await send('GET', `/admin/convite/${codigo}`);
  expect(
    (await send('POST', `/admin/convite/${codigo}`, { _csrf: csrf, senha: PASSWORD, confirmacao: PASSWORD }))
      .status,
  ).toBe(303);
  expect((await send('GET', `/admin/convite/${codigo}`)).status).toBe(410);
  await send('GET', '/admin/entrar');
  expect((await send('POST', '/admin/entrar', { _csrf: csrf, email, senha: WRONG })).status).toBe(401);
  expect((await send('POST', '/admin/entrar', { _csrf: csrf, email, senha: PASSWORD })).status).toBe(303);
  const session = jar.get('sessao');
  expect(session).toBeDefined();
  await send('GET', '/admin/tokens/novo');
  const made = await send('POST', '/admin/tokens/novo', {
    _csrf: csrf,
    nome: 'Auditoria',
    acesso_produtos: 'ler',
    validade: '30',
  });
  expect(made.status).toBe(303);
  const shown = await send('GET', '/admin/tokens/criado');
  const token = /value="(svc_live_[A-Za-z0-9]{46})"/.exec(shown.body)?.[1];
  expect(token).toBeDefined();
  const id = /\/admin\/tokens\/([0-9a-f-]{36})\/revogar/.exec((await send('GET', '/admin/')).body)?.[1];
  expect(id).toBeDefined();
  expect((await send('POST', `/admin/tokens/${id}/revogar`, { _csrf: 'errado' })).status).toBe(403);
  await send('GET', `/admin/tokens/${id}/revogar`);
  expect((await send('POST', `/admin/tokens/${id}/revogar`, { _csrf: csrf })).status).toBe(303);
  await send('GET', '/admin/atividade');
  const csrfSecret = jar.get('csrf')!;
  expect((await send('POST', '/admin/sair', { _csrf: csrf })).status).toBe(303);
  return {
    token: token!,
    others: [
      { what: 'password', value: PASSWORD },
      { what: 'wrong password', value: WRONG },
      { what: 'invitation code', value: codigo },
      { what: 'session id', value: session! },
      { what: 'anti-CSRF secret', value: csrfSecret },
      { what: 'anti-CSRF token', value: csrf },
    ],
  };
}
