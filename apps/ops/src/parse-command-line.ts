import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type CommandSpec, type OptionValues, UsageError } from './command.js';
import { commandUsage, generalUsage } from './usage.js';

export type ParsedCommandLine =
  | { kind: 'help'; text: string }
  | { kind: 'run'; command: CommandSpec; options: OptionValues; json: boolean };

const GLOBAL_OPTIONS = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

// node:util's messages are English and mention internals; operators get one short line instead.
function translate(error: unknown, command: CommandSpec): UsageError {
  const { code, message } = error as { code?: string; message: string };
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? '';
  const option = quoted.split(' ')[0];
  const see = `(veja: npm run -s ops -- ${command.name} --help)`;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return new UsageError(`opção desconhecida para "${command.name}": ${quoted} ${see}`);
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return new UsageError(`argumento inesperado: ${quoted} ${see}`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/argument missing/.test(message)) return new UsageError(`a opção ${option} precisa de um valor`);
    if (/does not take an argument/.test(message)) return new UsageError(`a opção ${option} não leva valor`);
    if (/ambiguous/.test(message))
      return new UsageError(`o valor de ${option} começa com "-": escreva ${option}=VALOR`);
  }
  return new UsageError(message);
}

function optionValues(values: Record<string, string | boolean | undefined>): OptionValues {
  return {
    string: (name) => {
      const v = values[name];
      if (typeof v !== 'string') throw new UsageError(`falta a opção --${name}`);
      return v;
    },
    optionalString: (name) => {
      const v = values[name];
      return typeof v === 'string' ? v : undefined;
    },
    flag: (name) => values[name] === true,
  };
}

/** Splits `<group> <verb> [options]` (or `<command> [options]`), checking options strictly against the command's table. */
export function parseCommandLine(
  argv: readonly string[],
  commands: readonly CommandSpec[],
): ParsedCommandLine {
  const [group, verb] = argv;
  if (group === undefined || group === '--help' || group === '-h' || group === 'ajuda')
    return { kind: 'help', text: generalUsage(commands) };
  // One-word commands (`semear`) first, then `<group> <verb>`.
  const single = commands.find((c) => c.name === group);
  if (!single && (verb === undefined || verb.startsWith('-')))
    throw new UsageError(
      `comando incompleto: "${group}" precisa de uma ação (veja: npm run -s ops -- --help)`,
    );
  const command = single ?? commands.find((c) => c.name === `${group} ${verb}`);
  if (!command)
    throw new UsageError(`comando desconhecido: ${group} ${verb} (veja: npm run -s ops -- --help)`);

  const config = {
    args: argv.slice(single ? 1 : 2) as string[],
    options: {
      ...GLOBAL_OPTIONS,
      ...Object.fromEntries(Object.entries(command.options).map(([n, s]) => [n, { type: s.type }])),
    },
    strict: true,
    allowPositionals: false,
    tokens: true,
  } satisfies ParseArgsConfig;
  let parsed: ReturnType<typeof parseArgs<typeof config>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    throw translate(error, command);
  }
  if (parsed.values.help) return { kind: 'help', text: commandUsage(command) };

  // parseArgs keeps the last of a repeated option; a repeat is more likely a slip than intended.
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    if (seen.has(token.name)) throw new UsageError(`opção repetida: --${token.name}`);
    seen.add(token.name);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const missing = Object.entries(command.options)
    .filter(([name, spec]) => spec.required && values[name] === undefined)
    .map(([name]) => `--${name}`);
  if (missing.length > 0)
    throw new UsageError(
      `${missing.length > 1 ? 'faltam as opções' : 'falta a opção'} ${missing.join(', ')} (veja: npm run -s ops -- ${command.name} --help)`,
    );
  return { kind: 'run', command, options: optionValues(values), json: values.json === true };
}
