import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../auth/auth-context.js';
import type { ErrorCode } from '../errors/error-codes.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `qualquer`: any valid token; `publico`: no token at all; otherwise a scope such as `produtos:ler`. */
export type RouteScope = string;

const EMPTY = {} as z.ZodObject;

/**
 * What a route is, as data: its scope and its zod schemas drive the checks at run time and the
 * OpenAPI description alike. The service's declarations live in `@factory/api`; an app serves one
 * by attaching a handler (RouteDefinition).
 */
export interface RouteDeclaration<
  Q extends z.ZodObject = typeof EMPTY,
  P extends z.ZodObject = typeof EMPTY,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  url: string;
  scope: RouteScope;
  summary: string;
  /** The operation's description in /v1/openapi.json; the summary when absent. */
  description?: string;
  /** Codes this route answers beyond those its declaration implies (see errorCodesOf). */
  errors?: ErrorCode[];
  query?: Q;
  params?: P;
  /** The JSON body; a schema that accepts `undefined` (`.optional()`) makes the body optional. */
  body?: B;
  /**
   * Writes only: whether Idempotency-Key is required, as the route passes it to withIdempotency
   * (`optional` by default). Drives the description.
   */
  idempotencyKey?: 'required' | 'optional';
  response: R;
  /**
   * Examples for /v1/openapi.json: a request body and the success answer to it. Tests parse
   * each with the route's own schemas, and Spectral checks them against the description.
   */
  examples?: { body?: z.input<B>; response?: z.input<R> };
  /** 204 answers no body: its `response` is `z.undefined()` and its handler returns nothing. */
  status?: 200 | 201 | 204;
}

/** A declaration with the handler that serves it. */
export interface RouteDefinition<
  Q extends z.ZodObject = typeof EMPTY,
  P extends z.ZodObject = typeof EMPTY,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> extends RouteDeclaration<Q, P, B, R> {
  handler(input: {
    query: z.output<Q>;
    params: z.output<P>;
    body: z.output<B>;
    auth: AuthContext;
    request: FastifyRequest;
    reply: FastifyReply;
  }): Promise<z.input<R>>;
}

// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous list of routes erases their schema types
export type AnyRoute = RouteDefinition<any, any, any, any>;

// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous list of declarations erases their schema types
export type AnyRouteDeclaration = RouteDeclaration<any, any, any, any>;

/** Identity with inference: a declaration keeps its own schemas' types for the handler attached later. */
export function declareRoute<
  Q extends z.ZodObject,
  P extends z.ZodObject,
  B extends z.ZodType,
  R extends z.ZodType,
>(route: RouteDeclaration<Q, P, B, R>): RouteDeclaration<Q, P, B, R> {
  return route;
}

/** Identity with inference: lets a route's handler see its own schemas' types. */
export function defineRoute<
  Q extends z.ZodObject,
  P extends z.ZodObject,
  B extends z.ZodType,
  R extends z.ZodType,
>(route: RouteDefinition<Q, P, B, R>): RouteDefinition<Q, P, B, R> {
  return route;
}
