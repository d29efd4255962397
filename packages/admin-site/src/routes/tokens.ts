import type { Pool } from '@factory/database';
import { MAX_ACTIVE_TOKENS } from '@factory/domain';
import {
  createToken,
  keepNewToken,
  listTokens,
  OpsError,
  revokeCompanyToken,
  takeNewTokenOnce,
  tokenActivity,
} from '@factory/tenants';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { page, seeOther } from '../page.js';
import {
  dateIn,
  instantIn,
  isSituation,
  READ_ONLY_RESOURCES,
  READ_WRITE_RESOURCES,
  RESOURCE_LABELS,
  SITUATIONS,
  scopesInWords,
} from '../present.js';
import type { RequireAdmin } from '../session-cookie.js';
import { EMPTY_TOKEN_FORM, parseTokenForm, TOKEN_NAME_MAX, type TokenFormValues } from '../token-form.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company's tokens: list, revoke, create, the new token once, activity (admin.md, Pages). */
export const tokenRoutes: FastifyPluginAsync<{
  pool: Pool;
  clock: () => Date;
  requireAdmin: RequireAdmin;
}> = async (app, { pool, clock, requireAdmin }) => {
  app.addHook('preHandler', async (request, reply) => {
    // Sign-in, invitations and assets are registered outside this plugin.
    return requireAdmin(request, reply);
  });
  const companyOf = (request: FastifyRequest) => request.admin!.empresa;

  async function tokensOf(request: FastifyRequest) {
    const now = clock();
    const tokens = await listTokens(pool, companyOf(request).id, now);
    return { now, tokens, active: tokens.filter((t) => t.situacao === 'ativo').length };
  }

  app.get('/', async (request, reply) => {
    const { fuso } = companyOf(request);
    const { tokens, active } = await tokensOf(request);
    const filter = (request.query as Record<string, unknown>).situacao;
    const situacao = isSituation(filter) ? filter : null;
    const rows = tokens
      .filter((t) => situacao === null || t.situacao === situacao)
      .map((t) => ({
        id: t.id,
        prefixo: t.prefixo,
        nome: t.nome,
        criador: t.criador,
        criadoEm: instantIn(t.criado_em, fuso),
        ultimoUso: t.ultimo_uso_em ? instantIn(t.ultimo_uso_em, fuso) : 'nunca',
        validade: t.expira_em ? dateIn(t.expira_em, fuso) : 'sem validade',
        situacao: t.situacao,
        escopos: scopesInWords(t.escopos),
      }));
    return page(request, reply, 'tokens.eta', {
      title: 'Tokens da API',
      rows,
      situacao,
      situations: SITUATIONS,
      active,
      max: MAX_ACTIVE_TOKENS,
      aviso: (request.query as Record<string, unknown>).revogado !== undefined ? 'Token revogado.' : null,
    });
  });

  async function tokenToRevoke(request: FastifyRequest) {
    const { id } = request.params as { id: string };
    if (!UUID.test(id)) return null;
    const { tokens } = await tokensOf(request);
    return tokens.find((t) => t.id === id.toLowerCase() && t.situacao === 'ativo') ?? null;
  }
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    page(
      request,
      reply,
      'erro.eta',
      { title: 'Token', mensagem: 'Token não encontrado ou já inativo.' },
      404,
    );

  app.get('/tokens/:id/revogar', async (request, reply) => {
    const token = await tokenToRevoke(request);
    if (!token) return notFound(request, reply);
    return page(request, reply, 'revogar.eta', {
      title: 'Revogar token',
      token: { ...token, escopos: scopesInWords(token.escopos) },
    });
  });

  app.post('/tokens/:id/revogar', async (request, reply) => {
    const token = await tokenToRevoke(request);
    if (!token) return notFound(request, reply);
    await revokeCompanyToken(pool, {
      empresaId: companyOf(request).id,
      tokenId: token.id,
      usuarioId: request.admin!.usuarioId,
    });
    return seeOther(reply, '/admin/?revogado=1');
  });

  const formPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    values: TokenFormValues,
    errors: Record<string, string>,
    status = 200,
  ) => {
    const { active } = await tokensOf(request);
    return page(
      request,
      reply,
      'novo.eta',
      {
        title: 'Novo token',
        values,
        errors,
        full: active >= MAX_ACTIVE_TOKENS,
        max: MAX_ACTIVE_TOKENS,
        nameMax: TOKEN_NAME_MAX,
        readWrite: READ_WRITE_RESOURCES,
        readOnly: READ_ONLY_RESOURCES,
        labels: RESOURCE_LABELS,
      },
      status,
    );
  };

  app.get('/tokens/novo', (request, reply) => formPage(request, reply, EMPTY_TOKEN_FORM, {}));

  app.post('/tokens/novo', async (request, reply) => {
    const form = parseTokenForm(request.body);
    if (!form.ok) return formPage(request, reply, form.values, form.errors, 422);
    try {
      const created = await createToken(pool, {
        empresaId: companyOf(request).id,
        criadorId: request.admin!.usuarioId,
        nome: form.nome,
        escopos: form.escopos,
        validade: form.validade,
        now: clock(),
      });
      await keepNewToken(pool, request.adminSessionId!, created.token);
    } catch (error) {
      if (error instanceof OpsError && error.code === 'limite_tokens')
        return formPage(request, reply, form.values, {}, 409);
      if (error instanceof OpsError && error.code === 'invalido')
        return formPage(request, reply, form.values, { nome: error.message }, 422);
      throw error;
    }
    return seeOther(reply, '/admin/tokens/criado');
  });

  app.get('/tokens/criado', async (request, reply) => {
    const token = await takeNewTokenOnce(pool, request.adminSessionId!);
    return page(request, reply, 'criado.eta', { title: token ? 'Token criado' : 'Token já mostrado', token });
  });

  app.get('/atividade', async (request, reply) => {
    const { id, fuso } = companyOf(request);
    const events = (await tokenActivity(pool, id)).map((e) => ({
      evento: e.evento,
      em: instantIn(e.em, fuso),
      nome: e.nome,
      prefixo: e.prefixo,
      quem: e.quem ?? 'operador (linha de comando)',
    }));
    return page(request, reply, 'atividade.eta', { title: 'Atividade', events });
  });
};
