export { type ApiService, type ApiServiceOptions, createApiService } from './api-service.js';
export { listenForAuthChanges } from './auth/auth-change-listener.js';
export type { AuthContext, TokenStore } from './auth/auth-context.js';
export { Authenticator, rateLimitHeaders } from './auth/authenticator.js';
export { canSeeCosts } from './auth/can-see-costs.js';
export { hasCredentialInUrl } from './auth/credential-in-url.js';
export { LastUseRecorder } from './auth/last-use-recorder.js';
export { COST_MARK, type CostMask, cost, costMaskOf } from './costs/cost-fields.js';
export { drainOnClose } from './drain-on-close.js';
export { ApiError } from './errors/api-error.js';
export { ERROR_CODES, type ErrorCode } from './errors/error-codes.js';
export { sendError } from './errors/error-envelope.js';
export { invalidField, type Refusal, refusalError } from './errors/refusal-error.js';
export { formatInstant } from './format/instant.js';
export { answerClientError } from './http-layer/client-error.js';
export { authorizationCount, duplicateAuthorization } from './http-layer/request-guard.js';
export { RESPONSE_HEADERS } from './http-layer/response-headers.js';
export { canonicalJson, requestFingerprint } from './idempotency/canonical-json.js';
export { IDEMPOTENCY_HEADER, readIdempotencyKey } from './idempotency/idempotency-key.js';
export { KEY_RETENTION_MS, purgeExpiredKeys } from './idempotency/idempotency-repository.js';
export {
  type FirstKeyAnswerFields,
  type FirstKeyAnswerRow,
  firstKeyAnswers,
  type KeyAnswerFields,
  type KeyAnswerRow,
  keyAnswers,
  unusedKeysGuard,
} from './idempotency/key-answers.js';
export {
  type IdempotencyPurgeOptions,
  idempotencyPurgeJob,
  idempotencyPurgeSchedule,
  PURGE_JOB,
} from './idempotency/purge-job.js';
export {
  type FreshAnswer,
  type IdempotencyOptions,
  withIdempotency,
} from './idempotency/with-idempotency.js';
export { registerHealthRoutes } from './observability/health-routes.js';
export { describeAs, openApiSchema } from './openapi/json-schema.js';
export { buildOpenApiDocument } from './openapi/openapi-document.js';
export { describedRoute } from './openapi/openapi-route.js';
export { CursorCodec, type CursorScope, type KeysetValue } from './pagination/cursor-codec.js';
export { instantFilterUtc } from './pagination/instant-filter.js';
export { keysetField } from './pagination/keyset-fields.js';
export { type KeysetPageRequest, keysetPage, type ListPage } from './pagination/keyset-page.js';
export { isInstantWithOffset, isUuid, param } from './params/fields.js';
export { fieldPath, parseBody } from './params/parse-body.js';
export { parseQuery } from './params/parse-query.js';
export { BODY_LIMIT_BYTES, createLogger, createPlatform, type PlatformOptions } from './platform.js';
export { createRateLimiter } from './rate-limit/create-rate-limiter.js';
export { MemoryRateLimiter } from './rate-limit/memory-rate-limiter.js';
export type { RateDecision, RateLimiter, RateLimits } from './rate-limit/rate-limiter.js';
export { RedisRateLimiter } from './rate-limit/redis-rate-limiter.js';
export type { PlatformRoutes } from './routes/platform-routes.js';
export { registerRoute } from './routes/register-route.js';
export { RouteCatalog } from './routes/route-catalog.js';
export {
  type AnyRoute,
  type AnyRouteDeclaration,
  declareRoute,
  defineRoute,
  type HttpMethod,
  type RouteDeclaration,
  type RouteDefinition,
  type RouteScope,
} from './routes/route-definition.js';
