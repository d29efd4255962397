import { listTokens } from '@factory/tenants';
import type { CommandSpec } from '../command.js';
import { formatInstant, formatOptionalInstant, table } from '../output.js';

export const tokenListar: CommandSpec = {
  name: 'token listar',
  summary: 'lista os tokens da empresa como a tela de configurações (mais novos primeiro)',
  options: { empresa: { type: 'string', required: true, value: 'UUID', help: 'id da empresa' } },
  async run({ pool, now }, o) {
    const tokens = (await listTokens(pool, o.string('empresa'), now)).map((t) => ({
      id: t.id,
      prefixo: t.prefixo,
      nome: t.nome,
      criador: t.criador,
      criado_em: formatInstant(t.criado_em),
      ultimo_uso_em: formatOptionalInstant(t.ultimo_uso_em),
      expira_em: formatOptionalInstant(t.expira_em),
      situacao: t.situacao,
      escopos: t.escopos,
    }));
    const text =
      tokens.length === 0
        ? 'nenhum token'
        : table(
            [
              'id',
              'prefixo',
              'nome',
              'criador',
              'criado_em',
              'ultimo_uso_em',
              'expira_em',
              'situacao',
              'escopos',
            ],
            tokens.map((t) => [
              t.id,
              t.prefixo,
              t.nome,
              t.criador,
              t.criado_em,
              t.ultimo_uso_em ?? '-',
              t.expira_em ?? 'sem validade',
              t.situacao,
              t.escopos.join(',') || '-',
            ]),
          );
    return { json: tokens, text };
  },
};
