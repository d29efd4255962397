import { ERROR_CODES, type ErrorCode } from '../errors/error-codes.js';
import type { AnyRouteDeclaration } from '../routes/route-definition.js';
import { errorHeadersOf } from './headers.js';

/**
 * The error codes a route can answer, from what it declares: the platform's checks run before
 * every handler (token, scope, rate limit, parameters, body, idempotency), so these follow from
 * the route's scope, method, query, path and body. A route adds its own with `errors`.
 */
export function errorCodesOf(route: AnyRouteDeclaration): ErrorCode[] {
  const codes = new Set<ErrorCode>(['token_na_url', 'erro_interno']);
  if (route.scope !== 'publico')
    for (const code of [
      'token_ausente',
      'token_invalido',
      'token_revogado',
      'token_vencido',
      'escopo_insuficiente',
      'empresa_suspensa',
      'token_sem_dono',
      'limite_excedido',
      'banco_indisponivel',
    ] as const)
      codes.add(code);
  const query = Object.keys(route.query?.shape ?? {});
  if (query.length > 0) codes.add('parametro_invalido');
  if (query.includes('cursor')) codes.add('cursor_invalido');
  if (route.params) codes.add('nao_encontrado');
  if (route.method !== 'GET')
    for (const code of [
      'parametro_invalido',
      'corpo_invalido',
      'corpo_grande_demais',
      'tipo_nao_suportado',
      'validacao',
      'conflito',
      'chave_idempotencia_reutilizada',
    ] as const)
      codes.add(code);
  for (const code of route.errors ?? []) codes.add(code);
  return [...codes];
}

const EXAMPLE_REQUEST_ID = '0b6f3a52-5d1e-4c8a-9f7e-2d4b8c1a6e90';

/** One example per code the status stands for, with the code's own default message. */
const examplesOf = (codes: ErrorCode[]) =>
  Object.fromEntries(
    codes.map((codigo) => [
      codigo,
      {
        summary: ERROR_CODES[codigo].mensagem,
        value: {
          erro: { codigo, mensagem: ERROR_CODES[codigo].mensagem, id_requisicao: EXAMPLE_REQUEST_ID },
        },
      },
    ]),
  );

/** One response per status the route can answer, each naming its codes, all with the Erro body. */
export function errorResponsesOf(route: AnyRouteDeclaration): Record<string, Record<string, unknown>> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(route)) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: `Erro: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
          headers: errorHeadersOf(route, status),
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Erro' },
              examples: examplesOf(codes),
            },
          },
        },
      ]),
  );
}
