import type { AnyRouteDeclaration } from '../routes/route-definition.js';

const count = { type: 'integer', minimum: 0 };

/** Every response header the service writes, with what a client reads from it. */
const HEADERS = {
  'X-Request-Id': {
    description: 'Id desta requisição: o mesmo de `erro.id_requisicao` e dos logs do serviço.',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': { description: 'Chamadas por minuto permitidas ao token.', schema: count },
  'X-RateLimit-Remaining': {
    description: 'Chamadas que restam ao token neste minuto, nunca mais que as que restam à empresa.',
    schema: count,
  },
  'X-RateLimit-Reset': { description: 'Segundos Unix da próxima virada de minuto.', schema: count },
  'Retry-After': {
    description: 'Segundos a esperar antes de tentar de novo.',
    schema: { type: 'integer', minimum: 1 },
  },
  'Idempotency-Replayed': {
    description:
      '`true` quando esta é a resposta guardada do primeiro pedido com a mesma Idempotency-Key ' +
      '(nada foi gravado de novo).',
    schema: { type: 'string', enum: ['true'] },
  },
  'X-Posicao-Log': {
    description:
      'Posição no log de eventos do que esta escrita gravou; ausente quando nada foi gravado. ' +
      'Uma leitura com `posicao_minima` igual a ela vê a escrita.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
} as const;

type HeaderName = keyof typeof HEADERS;

const described = (names: HeaderName[], required: boolean) =>
  Object.fromEntries(names.map((name) => [name, { ...HEADERS[name], required }]));

const RATE_LIMIT: HeaderName[] = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
const isWrite = (route: AnyRouteDeclaration) => route.method !== 'GET';
const counted = (route: AnyRouteDeclaration) => route.scope !== 'publico';

/** The headers of a route's success response. */
export function successHeadersOf(route: AnyRouteDeclaration) {
  return {
    ...described(['X-Request-Id'], true),
    ...(counted(route) ? described(RATE_LIMIT, true) : {}),
    ...(isWrite(route) ? described(['X-Posicao-Log', 'Idempotency-Replayed'], false) : {}),
  };
}

/**
 * The headers of an error response. A refusal before the token is identified is not counted,
 * so the rate-limit headers may be absent; a 429 always carries them, with Retry-After. A
 * write's refusal stored under its Idempotency-Key is replayed as such. A write's 503 may carry
 * Retry-After: a repeat refused while the first attempt with its key still runs.
 */
export function errorHeadersOf(route: AnyRouteDeclaration, status: number) {
  if (status === 429 && counted(route))
    return described(['X-Request-Id', ...RATE_LIMIT, 'Retry-After'], true);
  return {
    ...described(['X-Request-Id'], true),
    ...(counted(route) ? described(RATE_LIMIT, false) : {}),
    ...(isWrite(route) ? described(['Idempotency-Replayed'], false) : {}),
    ...(isWrite(route) && status === 503 ? described(['Retry-After'], false) : {}),
  };
}

/** The Idempotency-Key request header of a write; GETs take none. */
export function idempotencyKeyParameterOf(route: AnyRouteDeclaration) {
  if (!isWrite(route)) return [];
  return [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: route.idempotencyKey === 'required',
      description:
        'Chave do cliente para repetir esta escrita sem efeito duplo: o mesmo pedido com a mesma ' +
        'chave, por 24 h, recebe a primeira resposta (`Idempotency-Replayed: true`); outro corpo ' +
        'com ela é 409 `chave_idempotencia_reutilizada`.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,100}$' },
    },
  ];
}
