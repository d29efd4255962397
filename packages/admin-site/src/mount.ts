import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PREFIX } from './admin-app.js';

/** `/admin`, `/admin/...` and `/admin?...`: the settings page's requests, whatever follows. */
export function isAdminPath(url: string | undefined): boolean {
  if (url === undefined || !url.startsWith(ADMIN_PREFIX)) return false;
  const next = url.charAt(ADMIN_PREFIX.length);
  return next === '' || next === '/' || next === '?';
}

/**
 * The single-machine server's one port: requests for /admin go to the settings page's own
 * Fastify instance, every other one to the API's handler exactly as before, so /v1 answers
 * are untouched (no cookie, no header of the page). Fastify has no mount of a second instance,
 * hence the split at the server's `request` event; `routing` is Fastify's public entry for it.
 */
export async function mountAdmin(server: Server, admin: FastifyInstance): Promise<void> {
  await admin.ready();
  const apiHandlers = server.listeners('request') as Array<
    (req: IncomingMessage, res: ServerResponse) => void
  >;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (isAdminPath(req.url)) admin.routing(req, res);
    else for (const handler of apiHandlers) handler.call(server, req, res);
  });
}
