import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readRoutes } from '@factory/api';
import { RouteCatalog } from '@factory/http';
import { DCLinter } from 'dclint';
import { DockerfileParser } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { composeRouterEnvironment, renderNginxConf, TEMPLATE_VARIABLE } from '../support/nginx-front-door.js';

// infra/ checked without a Docker engine: the compose file against the Compose specification's
// schema and dclint's rules, the Dockerfile with dockerfile-utils and the rules of the issue
// (multi-stage, non-root, production dependencies only), nginx's routing against the read API's
// routes, Prometheus's targets, and the README's table against every variable the apps read.
const ROOT = new URL('../../', import.meta.url).pathname;
const INFRA = join(ROOT, 'infra');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
/** dclint's rules as the CLI runs them (`npx dclint infra/compose.yaml`): `.dclintrc.json`. */
const dclint = () =>
  new DCLinter({ quiet: false, debug: false, exclude: [], ...JSON.parse(read('.dclintrc.json')) });
const APPS = ['write-api', 'read-api', 'projector'];

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args: Record<string, string> };
  environment?: Record<string, string>;
  volumes?: string[];
}
const compose = parse(read('infra/compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

describe('infra/compose.yaml', () => {
  it('passes the Compose schema and dclint', () => {
    const [result] = dclint().lintFiles([join(INFRA, 'compose.yaml')], false);
    expect(result!.messages).toEqual([]);
  });

  it('catches a broken file (the check can fail)', () => {
    const [result] = dclint().lintFiles([join(ROOT, 'test/infra/broken-compose.fixture.yaml')], false);
    expect(result!.messages.map((m: { rule: string }) => m.rule)).toContain('invalid-schema');
  });

  it('runs KurrentDB, PostgreSQL, Redis, the three apps and the settings page from their images, nginx and Prometheus', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [
        'admin',
        'kurrentdb',
        'postgres',
        'projector',
        'prometheus',
        'read-api',
        'redis',
        'router',
        'write-api',
      ].sort(),
    );
    expect(compose.services.admin!.build).toEqual({
      context: '..',
      dockerfile: 'infra/Dockerfile',
      args: { APP: 'admin' },
    });
    expect(compose.services.admin!.environment).toMatchObject({
      NODE_ENV: 'production',
      DATABASE_URL: expect.stringContaining('@postgres:5432/'),
    });
    for (const app of APPS) {
      const service = compose.services[app]!;
      expect(service.build).toEqual({ context: '..', dockerfile: 'infra/Dockerfile', args: { APP: app } });
      expect(service.environment).toMatchObject({
        NODE_ENV: 'production',
        METRICS_PORT: '9464',
        DATABASE_URL: expect.stringContaining('@postgres:5432/'),
      });
    }
    expect(compose.services['write-api']!.environment).toHaveProperty('CURSOR_SECRET');
    expect(compose.services.router!.image).toMatch(/^nginx:/);
    expect(compose.services.router!.volumes).toContain(
      './nginx.conf.template:/etc/nginx/templates/nginx.conf.template:ro',
    );
    expect(compose.services.prometheus!.volumes).toContain(
      './prometheus.yml:/etc/prometheus/prometheus.yml:ro',
    );
  });

  it('has Prometheus scrape every app on its METRICS_PORT', () => {
    const prometheus = parse(read('infra/prometheus.yml')) as {
      scrape_configs: Array<{ job_name: string; dns_sd_configs: Array<{ names: string[]; port: number }> }>;
    };
    const targets = prometheus.scrape_configs.map((job) => ({
      job: job.job_name,
      names: job.dns_sd_configs[0]!.names,
      port: String(job.dns_sd_configs[0]!.port),
    }));
    expect(targets).toEqual(
      APPS.map((app) => ({ job: app, names: [app], port: compose.services[app]!.environment!.METRICS_PORT })),
    );
  });

  it('is valid for the Docker client too, when one is installed', async () => {
    const docker = await promisify(execFile)('docker', ['compose', 'version']).catch(() => null);
    if (!docker) {
      console.warn(
        'SKIPPED `docker compose config`: no Docker client here (dclint checked the schema above)',
      );
      return;
    }
    await promisify(execFile)('docker', ['compose', '-f', join(INFRA, 'compose.yaml'), 'config', '-q'], {
      env: { ...process.env, POSTGRES_PASSWORD: 'x', CURSOR_SECRET: 'x'.repeat(32) },
    });
  });
});

describe('infra/Dockerfile', () => {
  const text = read('infra/Dockerfile');
  const dockerfile = DockerfileParser.parse(text);
  const lines = text.split('\n');
  const stages = dockerfile.getFROMs();
  const instructionsOf = (stage: string) => {
    const from = stages.find((f) => f.getBuildStage() === stage)!;
    const next = stages[stages.indexOf(from) + 1];
    const start = from.getRange().start.line;
    const end = next ? next.getRange().start.line : Number.POSITIVE_INFINITY;
    return dockerfile
      .getInstructions()
      .filter((i) => i.getRange().start.line > start && i.getRange().start.line < end)
      .map((i) =>
        lines
          .slice(i.getRange().start.line, i.getRange().end.line + 1)
          .join(' ')
          .replace(/\\\s/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
  };

  it('has no problem dockerfile-utils finds', () => {
    expect(validate(text)).toEqual([]);
    expect(validate('FROM node:20\nRUNN true\n').length).toBeGreaterThan(0); // the check can fail
  });

  it('is multi-stage: build, production dependencies, runtime', () => {
    expect(stages.map((f) => f.getBuildStage())).toEqual(['build', 'prod-deps', 'runtime']);
  });

  it('installs only production dependencies for the image, and runs as a user other than root', () => {
    expect(instructionsOf('prod-deps').join('\n')).toMatch(
      /npm install --omit=dev --omit=optional --ignore-scripts/,
    );
    const runtime = instructionsOf('runtime');
    expect(runtime.filter((i) => i.startsWith('RUN npm'))).toEqual([]);
    expect(runtime.filter((i) => i.startsWith('COPY --from=build'))).toEqual([
      'COPY --from=build /compiled/ ./',
    ]);
    const user = runtime.filter((i) => i.startsWith('USER ')).at(-1);
    expect(user).toBe('USER node');
    expect(runtime.at(-1)).toBe('CMD ["node", "main.js"]');
  });

  it('keeps sources, tests and local data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.data', '.git']) expect(ignored).toContain(entry);
  });
});

describe('infra/nginx.conf.template', () => {
  const conf = read('infra/nginx.conf.template');
  const router = compose.services.router!.environment!;

  it('is rendered by the nginx image from the ROUTER_* values compose gives, every one it uses', () => {
    // The image's entrypoint (20-envsubst-on-templates.sh) writes templates/X.template to
    // NGINX_ENVSUBST_OUTPUT_DIR/X, substituting only the variables NGINX_ENVSUBST_FILTER matches.
    expect(router).toMatchObject({
      NGINX_ENVSUBST_FILTER: '^ROUTER_',
      NGINX_ENVSUBST_OUTPUT_DIR: '/etc/nginx',
    });
    const used = new Set([...conf.matchAll(TEMPLATE_VARIABLE)].map((m) => m[1]!));
    const given = Object.keys(router).filter((name) => name.startsWith('ROUTER_'));
    expect([...used].sort()).toEqual(given.sort());
    expect(composeRouterEnvironment()).toEqual(router);
    const documented = [...read('infra/README.md').matchAll(/^\| `(ROUTER_[A-Z_]+)`/gm)].map((m) => m[1]!);
    expect(documented.sort()).toEqual(given.sort());
    expect(renderNginxConf(conf, router)).not.toMatch(new RegExp(TEMPLATE_VARIABLE.source));
    expect(() => renderNginxConf(conf, {})).toThrow(/no value for ROUTER_/); // the check can fail
  });

  it('sends every answer nginx gives itself to a location that answers in the envelope', () => {
    const pages = [...conf.matchAll(/^\s*error_page ([\d =]+) (\S+);/gm)].map((m) => ({
      codes: m[1]!.split(' ').filter((code) => /^\d+$/.test(code)),
      uri: m[2]!,
    }));
    expect(pages.flatMap((page) => page.codes).sort()).toEqual(
      ['400', '404', '413', '414', '494', '500', '501', '502', '504', '505'].sort(),
    );
    for (const { uri } of pages) {
      const location = new RegExp(`location = ${uri.replace(/\./g, '\\.')} \\{([^}]+)\\}`).exec(conf)?.[1];
      expect(location, uri).toMatch(/internal;/);
      expect(location, uri).toMatch(/add_header X-Request-Id \$request_uuid always;/);
      expect(location, uri).toMatch(/"id_requisicao":"\$request_uuid"/);
    }
  });
  const pattern = /"~(\^GET [^"]+)" read_api;/.exec(conf)?.[1];
  const toRead = (method: string, path: string) => new RegExp(pattern!).test(`${method} ${path}`);

  it('sends a GET on every read route to the read API, as apps/router does', () => {
    expect(pattern).toBeDefined();
    const catalog = RouteCatalog.of(readRoutes);
    const id = '0b0a3c54-8c2f-4f7e-9a55-2f0c8e1e6a10';
    const samples = readRoutes.flatMap((route) => {
      const path = route.url.replace(/:[A-Za-z_]+/g, id);
      return [path, `${path}/`, `${path}/x`, `${path}/${id}/estorno`];
    });
    samples.push(
      '/v1/openapi.json',
      '/v1/nada',
      '/healthz',
      '/readyz',
      `/v1/estoque/movimentos/${id}/estorno`,
    );
    for (const path of samples) {
      const expected = catalog.methodsFor(path).includes('GET');
      expect({ path, read: toRead('GET', path) }).toEqual({ path, read: expected });
      expect(toRead('POST', path)).toBe(false);
    }
  });
});

describe('infra/README.md', () => {
  it('lists every environment variable an app reads, with its default and readers', () => {
    const sources = [
      'packages/config/src/env-schema.ts',
      'packages/config/src/event-log-env.ts',
      ...readdirSync(join(ROOT, 'apps')).map((app) => `apps/${app}/src/env.ts`),
    ].filter((path) => {
      try {
        read(path);
        return true;
      } catch {
        return false;
      }
    });
    const names = new Set(
      sources.flatMap((path) => [...read(path).matchAll(/^\s+([A-Z][A-Z0-9_]{2,}):/gm)].map((m) => m[1]!)),
    );
    names.add('DATABASE_POOL_SIZE');
    const table = read('infra/README.md');
    const rows = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]+)`\s*\|([^|]*)\|([^|]*)\|/gm)].map((m) => ({
      name: m[1]!,
      fallback: m[2]!.trim(),
      readers: m[3]!.trim(),
    }));
    expect([...names].filter((name) => !rows.some((row) => row.name === name))).toEqual([]);
    for (const row of rows) {
      expect(row.fallback, row.name).not.toBe('');
      expect(row.readers, row.name).not.toBe('');
    }
  });
});
