import { changeTaxProfile } from '@factory/tenants';
import { type CommandSpec, UsageError } from '../command.js';
import { empresaOption } from './empresa-suspender.js';
import { parseRegime, parseTrueFalse, regimeOption } from './tax-profile-options.js';

// Applies to invoices received from then on: costs already recorded keep the profile they had.
export const empresaAlterar: CommandSpec = {
  name: 'empresa alterar',
  summary: 'altera o perfil fiscal da empresa (regime tributário, contribuinte de IPI)',
  options: {
    empresa: empresaOption,
    regime: { ...regimeOption, help: 'regime tributário' },
    'contribuinte-ipi': {
      type: 'string',
      value: 'true|false',
      help: 'contribuinte de IPI, que credita o IPI dos insumos',
    },
  },
  async run({ pool }, o) {
    const regimeTributario = parseRegime(o.optionalString('regime'));
    const contribuinteIpi = parseTrueFalse('contribuinte-ipi', o.optionalString('contribuinte-ipi'));
    if (regimeTributario === undefined && contribuinteIpi === undefined)
      throw new UsageError(
        'nada a alterar: dê --regime ou --contribuinte-ipi (veja: npm run -s ops -- empresa alterar --help)',
      );
    const empresaId = o.string('empresa');
    const profile = await changeTaxProfile(pool, empresaId, { regimeTributario, contribuinteIpi });
    return {
      json: {
        id: empresaId,
        regime_tributario: profile.regimeTributario,
        contribuinte_ipi: profile.contribuinteIpi,
      },
      text: `empresa alterada: ${empresaId} (regime ${profile.regimeTributario}, contribuinte de IPI: ${profile.contribuinteIpi ? 'sim' : 'não'})`,
    };
  },
};
