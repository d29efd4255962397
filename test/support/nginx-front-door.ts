import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort } from '@factory/testing';
import { describe, it } from 'vitest';
import { parse } from 'yaml';

// The production front door (infra/nginx.conf.template) run here as compose runs it, with the
// addresses and ports of this machine: the same template, the values compose gives it, and only
// ROUTER_PORT, the APIs' addresses and, for the tests that provoke them, the timeouts replaced.

const ROOT = new URL('../../', import.meta.url).pathname;
export const NGINX_TEMPLATE = join(ROOT, 'infra/nginx.conf.template');

/** The `${ROUTER_*}` names the template uses (envsubst's syntax, as the nginx image runs it). */
export const TEMPLATE_VARIABLE = /\$\{(ROUTER_[A-Z0-9_]+)\}/g;

/** What compose hands the nginx image's entrypoint to render the template (infra/compose.yaml). */
export function composeRouterEnvironment(): Record<string, string> {
  const compose = parse(readFileSync(join(ROOT, 'infra/compose.yaml'), 'utf8')) as {
    services: { router: { environment: Record<string, string> } };
  };
  return compose.services.router.environment;
}

/**
 * The template with every `${ROUTER_*}` replaced; any one without a value is an error, where
 * envsubst would leave it for nginx to refuse. Hand-written: a one-line substitution, and the
 * nginx image's own envsubst is not here to call.
 */
export function renderNginxConf(template: string, values: Record<string, string>): string {
  const missing = new Set<string>();
  const text = template.replace(TEMPLATE_VARIABLE, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) missing.add(name);
    return value ?? whole;
  });
  if (missing.size > 0) throw new Error(`no value for ${[...missing].join(', ')}`);
  return text;
}

/** The nginx executable on PATH or in the usual sbin folders (not on a normal user's PATH). */
export function findNginx(): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const folder of folders.filter(Boolean)) {
    const candidate = join(folder, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

/**
 * `describe` for tests that run the real nginx. Without nginx the block is skipped, saying why;
 * in CI (CI=true), where .ci/run installs it, the missing nginx is a failure instead.
 */
export function describeWithNginx(name: string, body: () => void): void {
  if (findNginx()) {
    describe(name, body);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () => {
      it('finds nginx', () => {
        throw new Error('nginx is not installed; .ci/run installs it (apt-get install -y nginx)');
      });
    });
    return;
  }
  console.warn(`SKIPPED "${name}": nginx is not installed (apt-get install -y nginx; CI installs it)`);
  describe.skip(name, body);
}

export interface NginxSettings {
  /** host:port of the read API and of the write API. */
  readApi: string;
  writeApi: string;
  /** host:port of the settings page (apps/admin); by default the write API, which answers 404 there. */
  adminApi?: string;
  /** Other template values than compose's (e.g. a short ROUTER_PROXY_READ_TIMEOUT). */
  overrides?: Record<string, string>;
}

export interface NginxFrontDoor {
  port: number;
  base: string;
  /** What nginx wrote on stderr (its error log) so far. */
  output(): string;
  /** Stops nginx (fast shutdown) and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Renders the template with compose's values and `settings`, and runs nginx on it in the
 * foreground as a child of the test, in a folder of its own (pid file, temporary files); resolves
 * once it answers /healthz.
 */
export async function startNginx(settings: NginxSettings): Promise<NginxFrontDoor> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed');
  const dir = await mkdtemp(join(tmpdir(), 'factory-nginx-'));
  // Run as root, nginx's workers run as `nobody` and must reach their temporary folders here.
  await chmod(dir, 0o755);
  const port = await freePort();
  const conf = renderNginxConf(readFileSync(NGINX_TEMPLATE, 'utf8'), {
    ...composeRouterEnvironment(),
    ROUTER_PORT: `127.0.0.1:${port}`,
    ROUTER_READ_API: settings.readApi,
    ROUTER_WRITE_API: settings.writeApi,
    ROUTER_ADMIN: settings.adminApi ?? settings.writeApi,
    ...settings.overrides,
  });
  // Temporary files (bodies, upstream answers) in this folder rather than the package's
  // /var/lib/nginx, which only root may write to.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(dir, kind)};\n`)
    .join('');
  if (conf.match(/^http \{$/gm)?.length !== 1) throw new Error('the template has no single `http {` line');
  await writeFile(join(dir, 'nginx.conf'), conf.replace(/^http \{$/m, `http {\n${temp}`));

  const child: ChildProcess = spawn(
    nginx,
    [
      '-e',
      'stderr',
      '-p',
      dir,
      '-c',
      join(dir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${join(dir, 'nginx.pid')};`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr!.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const stop = async () => {
    if (running) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };

  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (!running) {
      await stop();
      throw new Error(`nginx exited at start:\n${output}`);
    }
    const answered = await fetch(`${base}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (answered) break;
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50))]);
  }
  return { port, base, output: () => output, stop };
}
