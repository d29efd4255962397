import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A browser's part for tests through `inject`: keeps the cookies the pages set (path /admin),
 * and reads the anti-CSRF token from the last page's forms.
 */
export class AdminClient {
  readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(private readonly app: FastifyInstance) {}

  private remember(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const c of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() < Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(response.body)?.[1];
    if (token) this.csrf = token;
    return response;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.remember(
      await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader(), ...headers } }),
    );
  }

  /** A form post; `_csrf` is the page's token unless the fields say otherwise (null: none). */
  async post(
    url: string,
    fields: Record<string, string | string[]> | string,
    csrf: string | null = this.csrf,
  ) {
    const pairs: [string, string][] = csrf === null ? [] : [['_csrf', csrf]];
    if (typeof fields !== 'string')
      for (const [k, v] of Object.entries(fields))
        for (const one of Array.isArray(v) ? v : [v]) pairs.push([k, one]);
    const body = typeof fields === 'string' ? fields : new URLSearchParams(pairs).toString();
    return this.remember(
      await this.app.inject({
        method: 'POST',
        url,
        headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
    );
  }
}
