import ajvFormats from 'ajv-formats';
import { type Document, OpenAPIBackend, type Operation } from 'openapi-backend';

// ajv-formats is CommonJS with `exports.default`: under NodeNext its default import is the module.
const addFormats = ajvFormats.default;

/** One answer of the service, as a client saw it. */
export interface ObservedAnswer {
  method: string;
  /** The path as requested, query string included. */
  path: string;
  status: number;
  /** Header names in any case. */
  headers: Record<string, string>;
  body: string;
}

export interface OpenApiCheck {
  /** What in the answer breaks the description; empty when it keeps it. */
  problems(answer: ObservedAnswer): string[];
}

type Header = { required?: boolean };
type DescribedResponse = { headers?: Record<string, Header>; content?: Record<string, unknown> };

/** The described response for a status: the exact code, then `4XX`-style ranges, then `default`. */
function describedResponse(operation: Operation, status: number): DescribedResponse | undefined {
  const responses = (operation.responses ?? {}) as Record<string, DescribedResponse>;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

function isRefusal(answer: ObservedAnswer): boolean {
  if (answer.status < 400 || answer.status > 499) return false;
  // HEAD's body never reaches the client (a server hook may still see the one it drops).
  if (answer.method === 'HEAD' && answer.body === '') return true;
  try {
    return typeof (JSON.parse(answer.body) as { erro?: { codigo?: unknown } }).erro?.codigo === 'string';
  } catch {
    return false;
  }
}

/**
 * Checks answers against the service's own description (status, headers, body) with
 * openapi-backend's validator (Ajv underneath; JSON Schema formats from ajv-formats).
 * A request the description has no operation for (unknown path, other method, a trailing
 * slash, a token in the URL...) can only be refused: a 4xx in the error envelope.
 */
export async function createOpenApiCheck(document: unknown): Promise<OpenApiCheck> {
  const api = new OpenAPIBackend({
    definition: document as Document,
    quick: true,
    customizeAjv: (ajv) => {
      addFormats(ajv);
      return ajv;
    },
  });
  await api.init();

  return {
    problems(answer) {
      const at = `${answer.method} ${answer.path} → ${answer.status}`;
      const [path = '', query = ''] = answer.path.split('?');
      // OpenAPI paths match exactly; the router would also take a trailing slash.
      const operation = /.\/$/.test(path)
        ? undefined
        : api.router.matchOperation({
            method: answer.method,
            path,
            query: Object.fromEntries(new URLSearchParams(query)),
            headers: answer.headers,
          });
      if (!operation)
        return isRefusal(answer)
          ? []
          : [`${at}: no operation describes it, and it is not a refusal (4xx, erro)`];

      const described = describedResponse(operation, answer.status);
      if (!described) return [`${at}: status not described by ${operation.operationId}`];
      const found: string[] = [];
      const headers = Object.fromEntries(
        Object.entries(answer.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      for (const [name, header] of Object.entries(described.headers ?? {}))
        if (header.required && headers[name.toLowerCase()] === undefined)
          found.push(`${at}: required header ${name} missing`);
      const headerCheck = api.validator.validateResponseHeaders(headers, operation, {
        statusCode: answer.status,
      });
      for (const error of headerCheck.errors ?? [])
        found.push(`${at}: header ${error.instancePath} ${error.message}`);

      const mediaTypes = Object.keys(described.content ?? {});
      if (mediaTypes.length === 0) {
        if (answer.body !== '') found.push(`${at}: a body where the description has none`);
        return found;
      }
      const contentType = (headers['content-type'] ?? '').split(';')[0]!.trim();
      if (!mediaTypes.includes(contentType)) {
        found.push(`${at}: content-type ${contentType || '(none)'}, described: ${mediaTypes.join(', ')}`);
        return found;
      }
      if (contentType !== 'application/json') return found;
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        return [...found, `${at}: body is not JSON`];
      }
      const bodyCheck = api.validator.validateResponse(body, operation, answer.status);
      for (const error of bodyCheck.errors ?? [])
        found.push(`${at}: body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
      return found;
    },
  };
}
