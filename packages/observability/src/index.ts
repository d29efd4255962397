export { eventLogCheck, postgresCheck, projectorLagCheck, type RedisCheck, redisCheck } from './checks.js';
export { type ContentionMetrics, contentionMetrics } from './contention-metrics.js';
export { createHealth, type Health, type HealthAnswer, type HealthCheck } from './health.js';
export { type HttpMetrics, httpMetrics } from './http-metrics.js';
export { type JobMetrics, jobMetrics } from './job-metrics.js';
export { type MetricsServer, startMetricsServer } from './metrics-server.js';
export { type Observability, startObservability } from './observability.js';
export { type ProjectionLag, type ProjectorMetrics, projectorMetrics } from './projector-metrics.js';
export { createRegistry } from './registry.js';
