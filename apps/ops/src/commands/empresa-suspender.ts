import { suspendCompany } from '@factory/tenants';
import type { CommandSpec } from '../command.js';
import { idOutput } from '../output.js';

export const empresaOption = {
  type: 'string',
  required: true,
  value: 'UUID',
  help: 'id da empresa',
} as const;

// Takes effect on every API instance within seconds (auth_changed trigger).
export const empresaSuspender: CommandSpec = {
  name: 'empresa suspender',
  summary: 'suspende a empresa: toda chamada da API responde 403 empresa_suspensa',
  options: { empresa: empresaOption },
  async run({ pool }, o) {
    return idOutput(await suspendCompany(pool, o.string('empresa')), 'empresa suspensa');
  },
};
