import { ContentionDeadlineError, isDatabaseUnavailable } from '@factory/database';
import { ApiError } from './api-error.js';

// Fastify's own errors for bodies, mapped to the specification's codes.
const FASTIFY_CODES: Record<string, ApiError['codigo']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'corpo_grande_demais',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'tipo_nao_suportado',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'corpo_invalido',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'corpo_invalido',
  FST_ERR_CTP_INVALID_JSON_BODY: 'corpo_invalido',
};

/** Classifies anything thrown while serving a request; `internal` is true for the unexpected. */
export function toApiError(error: unknown): { apiError: ApiError; internal: boolean } {
  if (error instanceof ApiError) return { apiError: error, internal: false };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code in FASTIFY_CODES) {
    return { apiError: new ApiError(FASTIFY_CODES[code]!), internal: false };
  }
  // JSON.parse failures from the JSON body parser
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
    return { apiError: new ApiError('corpo_invalido'), internal: false };
  }
  // A write that kept losing to concurrent writers until its deadline: busy, not broken. The
  // client retries with the same key (the specification's advice for 503), a second later first.
  if (error instanceof ContentionDeadlineError)
    return {
      apiError: new ApiError('banco_indisponivel', {
        mensagem:
          'Muitas escritas concorrentes nos mesmos registros; tente de novo com a mesma Idempotency-Key.',
        headers: { 'Retry-After': '1' },
      }),
      internal: true,
    };
  if (isDatabaseUnavailable(error)) return { apiError: new ApiError('banco_indisponivel'), internal: true };
  return { apiError: new ApiError('erro_interno'), internal: true };
}
