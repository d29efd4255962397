import { PROJECTIONS, verifyProjections } from '@factory/read-models';
import { CommandFailed, type CommandSpec, InterruptedError } from '../command.js';
import { table } from '../output.js';
import { chosenProjections, PROJECTION_NAMES } from './projection-names.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const projecoesVerificar: CommandSpec = {
  name: 'projecoes verificar',
  summary: 'refaz o log até a posição de cada projeção num espaço temporário e compara campo a campo',
  options: {
    projecao: {
      type: 'string',
      value: 'NOME',
      help: `só esta projeção (${PROJECTION_NAMES}); todas sem ela`,
    },
    empresa: { type: 'string', value: 'UUID', help: 'só os eventos e as linhas desta empresa' },
  },
  async run({ pool, eventStore, signal, progress }, o) {
    const chosen = chosenProjections(o.optionalString('projecao'), false);
    const empresa = o.optionalString('empresa');
    if (empresa !== undefined && !UUID.test(empresa)) throw new CommandFailed(`empresa inválida: ${empresa}`);
    const started = Date.now();
    const projections = chosen.length > 0 ? chosen : PROJECTIONS;
    progress.start('verificando', projections.length, 'projeções');
    let verified = 0;
    const result = await verifyProjections({
      pool,
      eventStore,
      projections,
      empresa,
      signal,
      onProjection: () => progress.update(++verified),
    })
      .catch((error: unknown) => {
        if (signal.aborted)
          throw new InterruptedError(
            'interrompido: nada foi alterado; rode o comando de novo para verificar',
          );
        throw error;
      })
      .finally(() => progress.end());
    const segundos = (Date.now() - started) / 1000;
    const json = {
      diferencas: result.diferencas,
      exemplos: result.exemplos,
      posicoes: result.posicoes,
      segundos,
    };
    const where = Object.entries(result.posicoes)
      .map(([nome, posicao]) => `${nome} na posição ${posicao}`)
      .join(', ');
    const text =
      result.diferencas === 0
        ? `nenhuma diferença (${where})`
        : [
            `${result.diferencas} diferença(s) (${where}); exemplos:`,
            table(
              ['projecao', 'tabela', 'chave', 'campo', 'ao_vivo', 'reconstruido'],
              result.exemplos.map((e) => [
                e.projecao,
                e.tabela,
                Object.entries(e.chave)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(' '),
                e.campo ?? '(linha)',
                e.ao_vivo ?? '(ausente)',
                e.reconstruido ?? '(ausente)',
              ]),
            ),
          ].join('\n');
    return {
      json,
      text,
      failure:
        result.diferencas === 0
          ? undefined
          : `${result.diferencas} diferença(s) entre as projeções ao vivo e o log; o reparo é projecoes reconstruir`,
    };
  },
};
