import { grants } from '@factory/domain';
import { type AuthRecord, looksLikeToken, tokenHashText } from '@factory/tenants';
import { ApiError } from '../errors/api-error.js';
import type { RateDecision, RateLimiter, RateLimits } from '../rate-limit/rate-limiter.js';
import type { AuthContext, TokenStore } from './auth-context.js';
import { readBearer } from './bearer.js';
import { ExpiringMap } from './expiring-map.js';
import type { LastUseRecorder } from './last-use-recorder.js';

const REFUSAL_CACHE_MS = 60_000;
// Safety net only: changes that matter (revocation, suspension, demotion) drop the cache at
// once through database notifications; expiry is checked against the clock on every call.
const RECORD_CACHE_MS = 30_000;

export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
    'X-RateLimit-Reset': String(d.reset),
  };
}

export interface AuthenticatorDeps {
  store: TokenStore;
  limiter: RateLimiter;
  limits: RateLimits;
  clock: () => Date;
  lastUse: LastUseRecorder;
}

/**
 * Decides who is calling, in the order of the specification: token_ausente, token_invalido,
 * token_revogado, token_vencido, (rate limit), token_sem_dono, empresa_suspensa,
 * escopo_insuficiente. Returns the context and the rate-limit headers, or throws an ApiError
 * that carries those headers when the call counted.
 */
export class Authenticator {
  readonly #records = new ExpiringMap<string, AuthRecord | null>(RECORD_CACHE_MS);
  readonly #refusals = new ExpiringMap<string, 'token_revogado' | 'token_vencido'>(REFUSAL_CACHE_MS);

  constructor(private readonly deps: AuthenticatorDeps) {}

  /** Drops every cached token state; called when the database says something changed. */
  invalidate(): void {
    this.#records.clear();
  }

  async authenticate(
    authorization: string | undefined,
    requiredScope: string,
  ): Promise<{ auth: AuthContext; headers: Record<string, string> }> {
    const bearer = readBearer(authorization);
    if (bearer.kind === 'missing') throw new ApiError('token_ausente');
    if (bearer.kind === 'malformed' || !looksLikeToken(bearer.token)) throw new ApiError('token_invalido');

    const now = this.deps.clock();
    const key = tokenHashText(bearer.token);
    // 1. A revoked or expired token refused in the last 60 s: refused again, uncounted.
    const cachedRefusal = this.#refusals.get(key, now.getTime());
    if (cachedRefusal) throw new ApiError(cachedRefusal);

    // 2. Who the token is.
    const record = await this.#lookup(key, now);
    if (!record) throw new ApiError('token_invalido');

    // 3. Every identified call counts from here on, refusals included.
    const decision = await this.deps.limiter.consume(record.tokenId, record.empresa.id, now);
    const headers = rateLimitHeaders(decision);
    const refuse = (codigo: ApiError['codigo'], extra: Record<string, string> = {}) =>
      new ApiError(codigo, { headers: { ...headers, ...extra } });

    const lapsed = record.revogadoEm
      ? 'token_revogado'
      : record.expiraEm && record.expiraEm <= now
        ? 'token_vencido'
        : null;
    if (lapsed) {
      this.#refusals.set(key, lapsed, now.getTime());
      throw refuse(lapsed);
    }
    if (!decision.allowed) throw refuse('limite_excedido', { 'Retry-After': String(decision.retryAfter) });
    this.deps.lastUse.touch(record.tokenId, now);
    if (!record.criadorAdmin) throw refuse('token_sem_dono');
    if (record.empresa.suspensa) throw refuse('empresa_suspensa');
    if (!grants(record.escopos, requiredScope)) throw refuse('escopo_insuficiente');

    const auth: AuthContext = {
      tokenId: record.tokenId,
      prefixo: record.prefixo,
      nome: record.nome,
      escopos: record.escopos,
      expiraEm: record.expiraEm,
      empresa: record.empresa,
      limits: this.deps.limits,
    };
    return { auth, headers };
  }

  async #lookup(key: string, now: Date): Promise<AuthRecord | null> {
    const cached = this.#records.get(key, now.getTime());
    if (cached !== undefined) return cached;
    const record = await this.deps.store.findByHash(Buffer.from(key, 'base64'));
    this.#records.set(key, record, now.getTime());
    return record;
  }
}
