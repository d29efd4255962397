import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The opaque cookie naming a server-side session; its value is never logged. */
export const SESSION_COOKIE = 'sessao';

/**
 * admin.md: HttpOnly, SameSite=Strict, Path=/admin, Secure whenever the request came over HTTPS
 * (`auto` reads the request's protocol, which honours X-Forwarded-Proto behind a proxy). No
 * Max-Age: the server ends the session; the browser forgets the cookie when it closes.
 */
export const ADMIN_COOKIE_OPTIONS: CookieSerializeOptions = {
  path: '/admin',
  httpOnly: true,
  sameSite: 'strict',
  secure: 'auto',
};

/** The pages' guard: resumes the session the cookie names, or sends the visitor to sign in. */
export type RequireAdmin = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function setSessionCookie(reply: FastifyReply, id: string): void {
  reply.setCookie(SESSION_COOKIE, id, ADMIN_COOKIE_OPTIONS);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, ADMIN_COOKIE_OPTIONS);
}
