import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '../errors/error-codes.js';
import { RESPONSE_HEADERS } from './response-headers.js';

const MESSAGES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'Cabeçalhos da requisição acima de 16 KB.',
  ERR_HTTP_REQUEST_TIMEOUT: 'Requisição não recebida por inteiro a tempo.',
};
const MALFORMED = 'Requisição HTTP malformada.';

/**
 * Node's parser refused the request before Fastify saw it (bare CR or LF, folded or oversized
 * headers, smuggling attempts): answered on the socket in the specification's envelope, as 400
 * `parametro_invalido`, the nearest code (the specification has no 431). Only the parser's code
 * is logged: its error carries the raw bytes, which may hold a token.
 */
export function answerClientError(log: FastifyBaseLogger) {
  return (error: Error & { code?: string }, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const id = randomUUID();
    log.debug({ id_requisicao: id, code: error.code }, 'malformed HTTP request refused');
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const mensagem = MESSAGES[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ erro: { codigo: 'parametro_invalido', mensagem, id_requisicao: id } });
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'X-Request-Id': id,
      ...RESPONSE_HEADERS,
      Connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    const status = ERROR_CODES.parametro_invalido.status;
    socket.end(`HTTP/1.1 ${status} Bad Request\r\n${head.join('')}\r\n${body}`, () => socket.destroy());
  };
}
