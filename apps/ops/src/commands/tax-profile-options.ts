import { isRegimeTributario, REGIMES_TRIBUTARIOS, type RegimeTributario } from '@factory/domain';
import { type OptionSpec, UsageError } from '../command.js';

// The company's tax profile (compras.md). A value outside the fixed lists the usage text
// shows is a wrong command line (exit 2), as a bad --validade is.

export const regimeOption: OptionSpec = {
  type: 'string',
  value: REGIMES_TRIBUTARIOS.join('|'),
  help: 'regime tributário (padrão simples)',
};

export function parseRegime(text: string | undefined): RegimeTributario | undefined {
  if (text === undefined) return undefined;
  if (!isRegimeTributario(text))
    throw new UsageError(`--regime deve ser ${REGIMES_TRIBUTARIOS.join(', ')}: ${JSON.stringify(text)}`);
  return text;
}

export function parseTrueFalse(name: string, text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new UsageError(`--${name} deve ser true ou false: ${JSON.stringify(text)}`);
}
