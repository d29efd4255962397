import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

/** Drives `url` with autocannon for `seconds` at `connections` and sums up the run. */
export async function load(
  url: string,
  options: { headers?: Record<string, string>; seconds: number; connections: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    headers: options.headers,
    duration: options.seconds,
    connections: options.connections,
    pipelining: 1,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}
