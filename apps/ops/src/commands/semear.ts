import { randomBytes } from 'node:crypto';
import { liveTarget, PROJECTIONS, startProjector, waitUntilCaughtUp } from '@factory/read-models';
import { semear as seed } from '@factory/seed';
import { type CommandSpec, InterruptedError, UsageError } from '../command.js';

const COUNTS = {
  empresas: { min: 1, help: 'empresas a criar' },
  produtos: { min: 0, help: 'produtos por empresa (semiacabados, acabados e kits)' },
  insumos: { min: 0, help: 'insumos por empresa' },
  fornecedores: { min: 0, help: 'fornecedores por empresa' },
  movimentos: { min: 0, help: 'movimentos de estoque por empresa' },
} as const;
type Count = keyof typeof COUNTS;

const MAX_COUNT = 100_000_000;

function count(name: Count, text: string): number {
  const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= COUNTS[name].min && value <= MAX_COUNT))
    throw new UsageError(
      `--${name} deve ser um inteiro de ${COUNTS[name].min} a ${MAX_COUNT}: ${JSON.stringify(text)}`,
    );
  return value;
}

/**
 * `semear` (operations.md, "Seed data"). The projector runs in this process while the history is
 * written and the command returns once every projection has caught up, so the lists show it all.
 */
export const semear: CommandSpec = {
  name: 'semear',
  summary: 'cria empresas com um histórico realista e determinístico (dados de exemplo)',
  options: {
    ...Object.fromEntries(
      Object.entries(COUNTS).map(([name, spec]) => [
        name,
        { type: 'string', required: true, value: 'N', help: spec.help },
      ]),
    ),
    semente: {
      type: 'string',
      value: 'TEXTO',
      help: 'a mesma semente dá o mesmo histórico (padrão: aleatória)',
    },
  },
  async run({ pool, eventStore, now, progress, signal }, o) {
    const sizes = Object.fromEntries(
      (Object.keys(COUNTS) as Count[]).map((n) => [n, count(n, o.string(n))]),
    ) as Record<Count, number>;
    const semente = o.optionalString('semente') ?? randomBytes(6).toString('hex');
    const projector = startProjector({ pool, eventStore, projections: PROJECTIONS });
    const started = performance.now();
    try {
      const result = await seed(pool, {
        store: eventStore,
        ...sizes,
        semente,
        now,
        signal,
        onProgress: (done, total) => {
          if (done === 1) progress.start('semear', total, 'comandos');
          progress.update(done);
        },
      });
      progress.end();
      const segundos = Math.round((performance.now() - started) / 10) / 100;
      if (result.interrompido)
        throw new InterruptedError(
          `semear interrompido: ${result.eventos} eventos gravados em ${result.empresas.length} empresa(s), a última com histórico parcial (${result.empresas.map((e) => e.id).join(', ') || 'nenhuma'}); rode semear de novo para criar outras`,
        );
      for (const projection of PROJECTIONS)
        await waitUntilCaughtUp(pool, eventStore, liveTarget(projection).checkpointName, {
          timeoutMs: 3_600_000,
        });
      const json = { empresas: result.empresas, eventos: result.eventos, segundos, semente };
      const text = [
        ...result.empresas.map((e) => `empresa ${e.id}  ${e.nome}  token ${e.token}`),
        `${result.eventos} eventos em ${segundos} s (semente ${semente})`,
      ].join('\n');
      return { json, text };
    } finally {
      progress.end();
      await projector.close();
    }
  },
};
