import type { HealthCheck } from '@factory/observability';

/** An API behind the router is ready when its own /readyz answers 200. */
export function upstreamReadiness(baseUrl: string): HealthCheck {
  return async () => {
    const res = await fetch(new URL('/readyz', baseUrl), { signal: AbortSignal.timeout(1500) });
    await res.body?.cancel();
    if (res.status !== 200) throw new Error(`${baseUrl}/readyz answered ${res.status}`);
  };
}
