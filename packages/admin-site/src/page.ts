import type { AdminSession } from '@factory/tenants';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in administrator's session, on the pages that require one. */
    admin: AdminSession | null;
    /** The session cookie's value, for the new token kept between POST and page. */
    adminSessionId: string | null;
  }
}

/** Renders a page in the layout, with the anti-CSRF token every form of it carries. */
export async function page(
  request: FastifyRequest,
  reply: FastifyReply,
  view: string,
  data: Record<string, unknown>,
  status = 200,
): Promise<FastifyReply> {
  const csrf = reply.generateCsrf();
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .view(view, { ...data, csrf, admin: request.admin, title: data.title ?? 'Configurações da API' });
}

/** POST then redirect: 303 makes the browser GET the next page. */
export function seeOther(reply: FastifyReply, url: string): FastifyReply {
  return reply.redirect(url, 303);
}
