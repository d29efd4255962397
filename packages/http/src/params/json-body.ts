import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.js';

/** Deeper JSON is refused before parsing: no write body of the specification nests beyond 4. */
export const MAX_JSON_DEPTH = 32;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The nesting depth of JSON text, counted without parsing or recursion (brackets inside strings
 * do not count). Stops counting as soon as `limit` is passed.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser: bytes that are not UTF-8 are refused (they used to be stored
 * as U+FFFD), and so is JSON nested deeper than MAX_JSON_DEPTH (recursive checks downstream
 * would overflow the stack); then Fastify's own parser, with its prototype-poisoning guard.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(
        new ApiError('corpo_invalido', { mensagem: 'Corpo inválido: o JSON deve estar em UTF-8.' }),
        undefined,
      );
      return;
    }
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      const mensagem = `Corpo inválido: JSON aninhado em mais de ${MAX_JSON_DEPTH} níveis.`;
      done(new ApiError('corpo_invalido', { mensagem }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
