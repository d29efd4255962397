import { ERROR_CODES, type ErrorCode } from './error-codes.js';

/** An expected refusal: carries a code of the specification, and optionally the field at fault. */
export class ApiError extends Error {
  readonly codigo: ErrorCode;
  readonly campo: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    codigo: ErrorCode,
    options: { mensagem?: string; campo?: string; headers?: Record<string, string> } = {},
  ) {
    super(options.mensagem ?? ERROR_CODES[codigo].mensagem);
    this.codigo = codigo;
    this.campo = options.campo;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_CODES[this.codigo].status;
  }
}
