import { TOKEN_VALIDITIES, type TokenValidity } from '@factory/domain';
import { createToken } from '@factory/tenants';
import { type CommandSpec, UsageError } from '../command.js';
import { formatOptionalInstant } from '../output.js';
import { parseInstant } from '../parse-instant.js';

function parseValidity(text: string | undefined): TokenValidity | undefined {
  if (text === undefined) return undefined;
  const validity = TOKEN_VALIDITIES.find((v) => String(v) === text);
  if (validity === undefined)
    throw new UsageError(`--validade deve ser ${TOKEN_VALIDITIES.join(', ')}: ${JSON.stringify(text)}`);
  return validity;
}

function parseExpiry(text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  const instant = parseInstant(text);
  if (instant === null)
    throw new UsageError(
      `--expira-em deve ser um instante ISO 8601 com fuso (ex. 2030-01-31T23:59:59-03:00): ${JSON.stringify(text)}`,
    );
  return instant;
}

export const tokenCriar: CommandSpec = {
  name: 'token criar',
  summary: 'cria um token da API; o token aparece só agora',
  options: {
    empresa: { type: 'string', required: true, value: 'UUID', help: 'id da empresa' },
    criador: { type: 'string', required: true, value: 'UUID', help: 'id de um administrador da empresa' },
    nome: { type: 'string', required: true, value: 'TEXTO', help: 'nome do token' },
    escopos: {
      type: 'string',
      required: true,
      value: 'a,b,c',
      help: 'escopos separados por vírgula ("" para nenhum)',
    },
    validade: { type: 'string', value: '30|90|365|sem', help: 'dias de validade (padrão 365)' },
    'expira-em': { type: 'string', value: 'INSTANTE', help: 'instante exato de vencimento, no futuro' },
  },
  async run({ pool, now }, o) {
    const escopos = o
      .string('escopos')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const created = await createToken(pool, {
      empresaId: o.string('empresa'),
      criadorId: o.string('criador'),
      nome: o.string('nome'),
      escopos,
      validade: parseValidity(o.optionalString('validade')),
      expiraEm: parseExpiry(o.optionalString('expira-em')),
      now,
    });
    const expiraEm = formatOptionalInstant(created.expira_em);
    return {
      json: { id: created.id, token: created.token, prefixo: created.prefixo, expira_em: expiraEm },
      text: [
        `token criado: ${created.id}`,
        `token:     ${created.token}`,
        `prefixo:   ${created.prefixo}`,
        `expira_em: ${expiraEm ?? 'sem validade'}`,
        'Guarde o token agora: ele não será mostrado de novo.',
      ].join('\n'),
    };
  },
};
