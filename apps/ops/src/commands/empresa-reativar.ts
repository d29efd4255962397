import { reactivateCompany } from '@factory/tenants';
import type { CommandSpec } from '../command.js';
import { idOutput } from '../output.js';
import { empresaOption } from './empresa-suspender.js';

export const empresaReativar: CommandSpec = {
  name: 'empresa reativar',
  summary: 'reativa uma empresa suspensa',
  options: { empresa: empresaOption },
  async run({ pool }, o) {
    return idOutput(await reactivateCompany(pool, o.string('empresa')), 'empresa reativada');
  },
};
