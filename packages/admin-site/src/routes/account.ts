import type { Pool } from '@factory/database';
import {
  acceptInvitation,
  closeSession,
  MAX_PASSWORD_LENGTH,
  OpsError,
  openInvitation,
  openSession,
  passwordProblem,
  signIn,
} from '@factory/tenants';
import type { FastifyPluginAsync } from 'fastify';
import { page, seeOther } from '../page.js';
import {
  clearSessionCookie,
  type RequireAdmin,
  SESSION_COOKIE,
  setSessionCookie,
} from '../session-cookie.js';
import { textField } from '../token-form.js';

const REFUSED = 'E-mail ou senha incorretos.';
const MAX_EMAIL_FIELD = 320;

/** Sign-in and the invitation link (admin.md, "Who gets in"). */
export const accountRoutes: FastifyPluginAsync<{
  pool: Pool;
  clock: () => Date;
  requireAdmin: RequireAdmin;
}> = async (app, { pool, clock }) => {
  app.get('/entrar', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const aviso =
      query.saiu !== undefined
        ? 'Você saiu.'
        : query.senha !== undefined
          ? 'Senha definida. Entre com seu e-mail e a nova senha.'
          : null;
    return page(request, reply, 'entrar.eta', { title: 'Entrar', email: '', erro: null, aviso });
  });

  app.post('/entrar', async (request, reply) => {
    const email = textField(request.body, 'email') ?? '';
    const senha = textField(request.body, 'senha') ?? '';
    const tooLong = email.length > MAX_EMAIL_FIELD || senha.length > MAX_PASSWORD_LENGTH;
    const result = await signIn(pool, tooLong ? '' : email, tooLong ? '' : senha, clock());
    if (result.result === 'nao_admin')
      return page(request, reply, 'so-admin.eta', { title: 'Só para administradores' }, 403);
    if (result.result === 'recusado')
      return page(
        request,
        reply,
        'entrar.eta',
        { title: 'Entrar', email: email.slice(0, MAX_EMAIL_FIELD), erro: REFUSED, aviso: null },
        401,
      );
    // A new session id at every sign-in; any session this browser had ends.
    await closeSession(pool, request.cookies[SESSION_COOKIE]);
    setSessionCookie(reply, await openSession(pool, result.usuarioId, clock()));
    return seeOther(reply, '/admin/');
  });

  const invalidLink = 'Este link de convite já foi usado ou venceu. Peça um novo ao operador.';

  app.get('/convite/:codigo', async (request, reply) => {
    const { codigo } = request.params as { codigo: string };
    const invitation = await openInvitation(pool, codigo, clock());
    if (!invitation)
      return page(request, reply, 'convite-invalido.eta', { title: 'Convite', mensagem: invalidLink }, 410);
    return page(request, reply, 'convite.eta', { title: 'Definir senha', invitation, erro: null });
  });

  app.post('/convite/:codigo', async (request, reply) => {
    const { codigo } = request.params as { codigo: string };
    const now = clock();
    const invitation = await openInvitation(pool, codigo, now);
    if (!invitation)
      return page(request, reply, 'convite-invalido.eta', { title: 'Convite', mensagem: invalidLink }, 410);
    const senha = textField(request.body, 'senha') ?? '';
    const confirmacao = textField(request.body, 'confirmacao') ?? '';
    const erro =
      passwordProblem(senha) ?? (senha === confirmacao ? null : 'A confirmação não é igual à senha.');
    if (erro) return page(request, reply, 'convite.eta', { title: 'Definir senha', invitation, erro }, 422);
    try {
      if (!(await acceptInvitation(pool, codigo, senha, now)))
        return page(request, reply, 'convite-invalido.eta', { title: 'Convite', mensagem: invalidLink }, 410);
    } catch (error) {
      if (!(error instanceof OpsError)) throw error;
      return page(
        request,
        reply,
        'convite.eta',
        { title: 'Definir senha', invitation, erro: error.message },
        422,
      );
    }
    clearSessionCookie(reply);
    return seeOther(reply, '/admin/entrar?senha=definida');
  });
};
