import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands/index.js';
import { parseCommandLine } from './parse-command-line.js';

const parse = (...argv: string[]) => parseCommandLine(argv, COMMANDS);

describe('parseCommandLine', () => {
  it('finds the command and reads its options', () => {
    const parsed = parse('usuario', 'criar', '--empresa', 'e', '--nome=Ana Lima', '--admin', '--json');
    expect(parsed.kind).toBe('run');
    if (parsed.kind !== 'run') return;
    expect(parsed.command.name).toBe('usuario criar');
    expect(parsed.json).toBe(true);
    expect([parsed.options.string('nome'), parsed.options.flag('admin')]).toEqual(['Ana Lima', true]);
    expect(parsed.options.optionalString('ausente')).toBeUndefined();
  });

  it('reads one-word commands', () => {
    const counts = ['--produtos', '1', '--insumos', '1', '--fornecedores', '1', '--movimentos', '1'];
    const parsed = parse('semear', '--empresas', '2', ...counts, '--semente', 's1');
    expect(parsed).toMatchObject({ kind: 'run', command: { name: 'semear' }, json: false });
    if (parsed.kind !== 'run') return;
    expect([parsed.options.string('empresas'), parsed.options.optionalString('semente')]).toEqual([
      '2',
      's1',
    ]);
    expect(() => parse('semear', 'tudo')).toThrow(/argumento inesperado: tudo/);
    expect(() => parse('semear', '--empresas', '2')).toThrow(/faltam as opções --produtos/);
  });

  it('gives help without a command, or for one command', () => {
    expect(parse()).toMatchObject({ kind: 'help', text: expect.stringContaining('token listar') });
    expect(parse('token', 'criar', '--help')).toMatchObject({
      kind: 'help',
      text: expect.stringContaining('--escopos'),
    });
    expect(parse('empresa', 'alterar', '--help')).toMatchObject({
      kind: 'help',
      text: expect.stringContaining(
        'empresa alterar --empresa UUID [--regime simples|presumido|real] [--contribuinte-ipi true|false]',
      ),
    });
  });

  it('refuses unknown commands and options, missing, valueless and repeated options, positionals', () => {
    const cases: Array<[string[], RegExp]> = [
      [['empresa', 'apagar'], /comando desconhecido: empresa apagar/],
      [['empresa'], /comando incompleto/],
      [
        ['empresa', 'suspender', '--empresa', 'x', '--força'],
        /opção desconhecida para "empresa suspender": --força/,
      ],
      [['empresa', 'criar', '--nome', 'A'], /faltam as opções --cnpj, --fuso, --hora-virada, --sku-prefixo/],
      [['token', 'revogar'], /falta a opção --token-id/],
      [['token', 'revogar', '--token-id'], /a opção --token-id precisa de um valor/],
      [['usuario', 'criar', '--empresa', 'e', '--nome', 'n', '--admin=sim'], /--admin não leva valor/],
      [['token', 'listar', '--empresa', 'a', '--empresa', 'b'], /opção repetida: --empresa/],
      [['token', 'listar', '--empresa', 'a', 'extra'], /argumento inesperado: extra/],
      [['empresa', 'criar', '--fuso', '-03:00'], /escreva --fuso=VALOR/],
    ];
    for (const [argv, message] of cases) expect(() => parse(...argv), argv.join(' ')).toThrow(message);
  });
});
