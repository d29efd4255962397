import type { CommandSpec } from './command.js';

const RUN = 'npm run -s ops --';

function optionSyntax(name: string, spec: CommandSpec['options'][string]): string {
  const text = spec.type === 'boolean' ? `--${name}` : `--${name} ${spec.value ?? 'VALOR'}`;
  return spec.required ? text : `[${text}]`;
}

export function commandUsage(command: CommandSpec): string {
  const syntax = Object.entries(command.options).map(([name, spec]) => optionSyntax(name, spec));
  const width = Math.max(12, ...Object.keys(command.options).map((name) => name.length));
  const lines = Object.entries(command.options).map(
    ([name, spec]) => `  --${name.padEnd(width)} ${spec.help}`,
  );
  return [
    `uso: ${RUN} ${command.name} ${syntax.join(' ')} [--json]`,
    '',
    command.summary,
    '',
    ...lines,
    `  --${'json'.padEnd(width)} imprime um único documento JSON em stdout`,
  ].join('\n');
}

export function generalUsage(commands: readonly CommandSpec[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `uso: ${RUN} <comando> [opções] [--json]`,
    '',
    'comandos:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `ajuda de um comando: ${RUN} <comando> --help`,
    'saída: 0 sucesso; 1 recusado ou falha; 2 linha de comando ou ambiente inválidos',
  ].join('\n');
}
