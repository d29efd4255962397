import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Health } from './health.js';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The process's second port (METRICS_PORT): GET /metrics for Prometheus, and /healthz and
 * /readyz, so a process with no API port (the projector) is probed too. Kept apart from the API
 * port: scrapes and probes never meet authentication or the rate limits.
 */
export async function startMetricsServer(options: {
  port: number;
  registry: Registry;
  health: Health;
  host?: string;
}): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return send(405, 'text/plain', 'GET only\n');
    if (path === '/metrics')
      return void options.registry.metrics().then(
        (text) => send(200, options.registry.contentType, text),
        (error: Error) => send(500, 'text/plain', `${error.message}\n`),
      );
    if (path === '/healthz') {
      const { status, body } = options.health.live();
      return send(status, 'application/json', JSON.stringify(body));
    }
    if (path === '/readyz')
      return void options.health
        .ready()
        .then(({ status, body }) => send(status, 'application/json', JSON.stringify(body)));
    send(404, 'text/plain', 'not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
