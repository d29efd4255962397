import { Counter, Histogram, type Registry } from 'prom-client';

export interface HttpMetrics {
  /** One answered request: `route` is the route's pattern (bounded), never the concrete path. */
  observe(method: string, route: string, status: number, seconds: number): void;
}

/** Request counts and latency by route and status, and the rate limit's refusals. */
export function httpMetrics(registry: Registry): HttpMetrics {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by the per-token or per-company rate limit (429)',
    labelNames: ['route'],
    registers: [registry],
  });
  return {
    observe(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
      if (status === 429) refusals.inc({ route });
    },
  };
}
