import { Counter, type Registry } from 'prom-client';

interface RunnableKind {
  name: string;
  run(ctx: never): Promise<void>;
}

export interface JobMetrics {
  /** The same job kind, counting each run that ends: `concluido`, `falhou` or `interrompido`. */
  counted<K extends RunnableKind>(kind: K): K;
}

/** Job runs by kind and outcome. */
export function jobMetrics(registry: Registry): JobMetrics {
  const runs = new Counter({
    name: 'jobs_total',
    help: 'Job runs that ended, by kind and outcome',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  return {
    counted(kind) {
      const run = kind.run.bind(kind) as (ctx: unknown) => Promise<void>;
      return {
        ...kind,
        run: async (ctx: unknown) => {
          try {
            await run(ctx);
            runs.inc({ kind: kind.name, outcome: 'concluido' });
          } catch (error) {
            const interrupted = (error as Error | undefined)?.name === 'JobInterrupted';
            runs.inc({ kind: kind.name, outcome: interrupted ? 'interrompido' : 'falhou' });
            throw error;
          }
        },
      };
    },
  };
}
