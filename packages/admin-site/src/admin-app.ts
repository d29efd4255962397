import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Pool } from '@factory/database';
import { closeSession, resumeSession } from '@factory/tenants';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import view from '@fastify/view';
import { Eta } from 'eta';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import { page } from './page.js';
import { accountRoutes } from './routes/account.js';
import { tokenRoutes } from './routes/tokens.js';
import {
  ADMIN_COOKIE_OPTIONS,
  clearSessionCookie,
  type RequireAdmin,
  SESSION_COOKIE,
} from './session-cookie.js';
import { textField } from './token-form.js';

/** Every page lives under this path, on the service's one port. */
export const ADMIN_PREFIX = '/admin';
/** Form posts are small; a bigger body is refused (413) before any field is read. */
export const ADMIN_BODY_LIMIT = 16_384;

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const STYLE = readFileSync(here('../public/admin.css'));
const COPY_SCRIPT = readFileSync(here('../public/copiar.js'));

export interface AdminAppOptions {
  pool: Pool;
  logger: Logger;
  /** Read at each request; tests move it. */
  clock?: () => Date;
  /**
   * The proxies whose X-Forwarded-Proto and -For it believes (TRUSTED_PROXIES; none by default).
   * In the single process the page is the front door itself, so a client's own X-Forwarded-Proto
   * must not decide whether its cookies are Secure.
   */
  trustedProxies?: string[];
}

/**
 * The administrators' settings page (admin.md) as a Fastify instance of its own: served alone
 * (by apps/admin, behind the router or nginx) or routed to from the single-machine server (apps/server).
 */
export async function createAdminApp(options: AdminAppOptions): Promise<FastifyInstance> {
  const { pool } = options;
  const clock = options.clock ?? (() => new Date());
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    // Fastify's request lines carry the URL, and an invitation's URL is a secret: one line per
    // answer is written below with the route's pattern instead.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: ADMIN_BODY_LIMIT,
    // X-Forwarded-Proto from a proxy it believes tells the cookies to be Secure. Always a list
    // (empty: none trusted), as the APIs and the router.
    trustProxy: options.trustedProxies ?? [],
    exposeHeadRoutes: true,
  });
  app.decorateRequest('admin', null);
  app.decorateRequest('adminSessionId', null);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
  });
  await app.register(formbody);
  await app.register(cookie);
  await app.register(csrf, {
    cookieKey: 'csrf',
    cookieOpts: ADMIN_COOKIE_OPTIONS,
    // Only the form field, sent once: a header or query string is not how these pages post,
    // and a doubled field (an array) is no token.
    getToken: (request) => textField(request.body, '_csrf'),
  });
  await app.register(view, {
    engine: { eta: new Eta({ autoEscape: true, autoTrim: false }) },
    templates: here('../views'),
    layout: 'layout.eta',
    production: true,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // Every page shows a form (at least Sair) or a token: none may be kept by a cache.
    if (!request.url.startsWith(`${ADMIN_PREFIX}/estatico/`)) reply.header('cache-control', 'no-store');
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { metodo: request.method, rota: request.routeOptions.url ?? null, status: reply.statusCode },
      'admin request',
    );
  });

  const requireAdmin: RequireAdmin = async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    const session = await resumeSession(pool, id, clock());
    if (!session) {
      if (id !== undefined) clearSessionCookie(reply);
      return reply.redirect(`${ADMIN_PREFIX}/entrar`, 303);
    }
    request.admin = session;
    request.adminSessionId = id!;
  };

  app.setErrorHandler((error: { code?: string; statusCode?: number }, request, reply) => {
    if (error.code === 'FST_CSRF_MISSING_SECRET' || error.code === 'FST_CSRF_INVALID_TOKEN')
      return page(
        request,
        reply,
        'erro.eta',
        {
          mensagem:
            'O formulário expirou ou não veio desta página. Volte, recarregue a página e tente de novo.',
        },
        403,
      );
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return page(request, reply, 'erro.eta', { mensagem: 'O formulário enviado é grande demais.' }, 413);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return page(request, reply, 'erro.eta', { mensagem: 'Pedido inválido.' }, error.statusCode);
    request.log.error({ err: error }, 'admin page failed');
    return page(
      request,
      reply,
      'erro.eta',
      { mensagem: 'Algo deu errado. Tente de novo em instantes.' },
      500,
    );
  });
  app.setNotFoundHandler((request, reply) =>
    page(request, reply, 'erro.eta', { mensagem: 'Página não encontrada.' }, 404),
  );

  await app.register(
    async (admin) => {
      // Every POST carries the anti-CSRF token (checked once the form is parsed).
      admin.addHook('preHandler', (request, reply, done) => {
        if (request.method === 'POST') admin.csrfProtection(request, reply, done);
        else done();
      });
      admin.get('/estatico/admin.css', (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'max-age=300').send(STYLE),
      );
      admin.get('/estatico/copiar.js', (_request, reply) =>
        reply.type('text/javascript; charset=utf-8').header('cache-control', 'max-age=300').send(COPY_SCRIPT),
      );
      await admin.register(accountRoutes, { pool, clock, requireAdmin });
      await admin.register(tokenRoutes, { pool, clock, requireAdmin });
      admin.post('/sair', { preHandler: requireAdmin }, async (request, reply) => {
        await closeSession(pool, request.adminSessionId ?? undefined);
        clearSessionCookie(reply);
        return reply.redirect(`${ADMIN_PREFIX}/entrar?saiu=1`, 303);
      });
    },
    { prefix: ADMIN_PREFIX },
  );
  return app;
}
