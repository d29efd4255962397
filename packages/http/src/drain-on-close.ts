import type { FastifyInstance } from 'fastify';

/**
 * Once the server is closing, every answer (in flight, or arriving on a kept-alive connection)
 * still goes out whole, then closes its connection: clients reconnect, find the port closed and
 * go elsewhere, and the server's close can finish while they keep sending. Without it a busy
 * keep-alive client holds `close()` open for ever.
 */
export function drainOnClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
