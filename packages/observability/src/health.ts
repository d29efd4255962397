/** One part a process depends on: resolves when it answers, throws when it does not. */
export type HealthCheck = () => Promise<void>;

export interface HealthAnswer {
  status: 200 | 503;
  body: Record<string, unknown>;
}

export interface Health {
  /** /healthz: the process runs. */
  live(): HealthAnswer;
  /** /readyz: every part answers (each within the timeout), else 503 naming the failing ones. */
  ready(): Promise<HealthAnswer>;
}

/**
 * The health of a process from its named checks (`banco`, `redis`, `log_de_eventos`,
 * `projetor`...). A check that takes longer than `timeoutMs` has failed: a probe must answer in
 * bounded time even when a server hangs.
 */
export function createHealth(checks: Record<string, HealthCheck>, timeoutMs = 2000): Health {
  return {
    live: () => ({ status: 200, body: { vivo: true } }),
    async ready() {
      const names = Object.keys(checks);
      const results = await Promise.all(names.map((name) => withTimeout(checks[name]!(), timeoutMs)));
      const partes: Record<string, string> = {};
      const falhas: string[] = [];
      names.forEach((name, i) => {
        partes[name] = results[i] ? 'ok' : 'falhou';
        if (!results[i]) falhas.push(name);
      });
      return falhas.length === 0
        ? { status: 200, body: { pronto: true, partes } }
        : { status: 503, body: { pronto: false, partes, falhas } };
    },
  };
}

async function withTimeout(check: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check.then(() => true), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
