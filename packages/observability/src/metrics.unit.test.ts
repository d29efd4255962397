import { describe, expect, it } from 'vitest';
import { contentionMetrics } from './contention-metrics.js';
import { httpMetrics } from './http-metrics.js';
import { jobMetrics } from './job-metrics.js';
import { projectorMetrics } from './projector-metrics.js';
import { createRegistry } from './registry.js';

describe('metrics', () => {
  it('counts and times answers by method, route pattern and status, and counts 429s apart', async () => {
    const registry = createRegistry('test-app');
    const http = httpMetrics(registry);
    http.observe('GET', '/v1/insumos/:id', 200, 0.012);
    http.observe('GET', '/v1/insumos/:id', 429, 0.001);
    const text = await registry.metrics();
    expect(text).toContain(
      'http_requests_total{method="GET",route="/v1/insumos/:id",status="200",app="test-app"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.025",app="test-app",method="GET",route="/v1/insumos/:id",status="200"} 1',
    );
    expect(text).toContain('rate_limit_refusals_total{route="/v1/insumos/:id",app="test-app"} 1');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts the retries of contended writes, their time, and those given up', async () => {
    const registry = createRegistry('writes');
    const contention = contentionMetrics(registry);
    contention.contended({ attempts: 3, waitedMs: 40, gaveUp: false });
    contention.contended({ attempts: 5, waitedMs: 10_000, gaveUp: true });
    const text = await registry.metrics();
    expect(text).toContain('write_contention_retries_total{app="writes"} 6');
    expect(text).toContain('write_contention_given_up_total{app="writes"} 1');
    expect(text).toContain('write_contention_seconds_bucket{le="0.05",app="writes"} 1');
    expect(text).toContain('write_contention_seconds_count{app="writes"} 2');
  });

  it('counts job runs by kind and outcome, passing failures on', async () => {
    const registry = createRegistry('jobs');
    const jobs = jobMetrics(registry);
    let fail = false;
    const kind = jobs.counted({
      name: 'purge',
      run: async (_ctx: unknown) => {
        if (fail) throw new Error('boom');
      },
    });
    await kind.run(undefined as never);
    fail = true;
    await expect(kind.run(undefined as never)).rejects.toThrow('boom');
    const text = await registry.metrics();
    expect(text).toContain('jobs_total{kind="purge",outcome="concluido",app="jobs"} 1');
    expect(text).toContain('jobs_total{kind="purge",outcome="falhou",app="jobs"} 1');
  });

  it("reads each projection's position and lag at scrape time, and counts events applied", async () => {
    const registry = createRegistry('projector');
    let reads = 0;
    const projector = projectorMetrics(registry, async () => {
      reads++;
      return [{ nome: 'estoque', posicao: 42, atraso_eventos: 7, atraso_segundos: 1.5 }];
    });
    projector.applied('estoque', 100);
    const text = await registry.metrics();
    expect(text).toContain('projector_position{projection="estoque",app="projector"} 42');
    expect(text).toContain('projector_lag_events{projection="estoque",app="projector"} 7');
    expect(text).toContain('projector_lag_seconds{projection="estoque",app="projector"} 1.5');
    expect(text).toContain('projector_events_applied_total{checkpoint="estoque",app="projector"} 100');
    expect(reads).toBe(1); // one query answers the three gauges of a scrape
  });
});
