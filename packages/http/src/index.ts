export { type ApiService, type ApiServiceOptions, createApiService } from './api-service.js';
export { listenForAuthChanges } from './auth/auth-change-listener.js';
export type { AuthContext, TokenStore } from './auth/auth-context.js';
export { Authenticator, rateLimitHeaders } from './auth/authenticator.js';
export { canSeeCosts } from './auth/can-see-costs.js';
export { hasCredentialInUrl } from './auth/credential-in-url.js';
export { LastUseRecorder } from './auth/last-use-recorder.js';
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
export { describeAs, openApiSchema } from './openapi/json-schema.js';
export { buildOpenApiDocument } from './openapi/openapi-document.js';
export { openApiRoute } from './openapi/openapi-route.js';
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
export {
  type Apontamento,
  type ApontamentoParts,
  apontamentoSchema,
  toApontamento,
} from './resources/apontamento.js';
export { COST_MARK, type CostMask, cost, costMaskOf } from './resources/cost-fields.js';
export {
  apontamentoExample,
  fichaExample,
  fornecedorExample,
  insumoExample,
  movimentoBodyExample,
  movimentoExample,
  planoExample,
  produtoExample,
} from './resources/examples.js';
export {
  type Ficha,
  type FichaSource,
  fichaSchema,
  linhaDaFichaSchema,
  presentFicha,
} from './resources/ficha.js';
export {
  type Fornecedor,
  type FornecedorSource,
  fornecedorSchema,
  presentFornecedor,
} from './resources/fornecedor.js';
export { type Insumo, type InsumoSource, insumoSchema, presentInsumo } from './resources/insumo.js';
export {
  type Movimento,
  type MovimentoSource,
  movimentoSchema,
  presentMovimento,
} from './resources/movimento.js';
export { necessidadeSchema, type Plano, type PlanoParts, planoSchema, toPlano } from './resources/plano.js';
export { type Posicao, type PosicaoSource, posicaoSchema, presentPosicao } from './resources/posicao.js';
export { type Produto, type ProdutoSource, presentProduto, produtoSchema } from './resources/produto.js';
export { presentSaldo, type Saldo, type SaldoSource, saldoSchema } from './resources/saldo.js';
export { registerRoute } from './routes/register-route.js';
export { RouteCatalog } from './routes/route-catalog.js';
export { type AnyRoute, defineRoute, type RouteDefinition } from './routes/route-definition.js';
