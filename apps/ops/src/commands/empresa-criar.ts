import { createCompany } from '@factory/tenants';
import type { CommandSpec } from '../command.js';
import { idOutput } from '../output.js';
import { parseRegime, regimeOption } from './tax-profile-options.js';

export const empresaCriar: CommandSpec = {
  name: 'empresa criar',
  summary: 'cria uma empresa com as unidades padrão',
  options: {
    nome: { type: 'string', required: true, value: 'TEXTO', help: 'nome da empresa' },
    cnpj: { type: 'string', required: true, value: 'CNPJ', help: '14 dígitos, pontuação opcional' },
    fuso: { type: 'string', required: true, value: 'ZONA', help: 'zona IANA, ex. America/Sao_Paulo' },
    'hora-virada': { type: 'string', required: true, value: 'HH:MM', help: 'virada do dia de produção' },
    'sku-prefixo': { type: 'string', required: true, value: 'TEXTO', help: 'prefixo de SKUs automáticos' },
    regime: regimeOption,
    'contribuinte-ipi': { type: 'boolean', help: 'contribuinte de IPI, que credita o IPI dos insumos' },
  },
  async run({ pool }, o) {
    const id = await createCompany(pool, {
      nome: o.string('nome'),
      cnpj: o.string('cnpj'),
      fuso: o.string('fuso'),
      horaVirada: o.string('hora-virada'),
      skuPrefixo: o.string('sku-prefixo'),
      regimeTributario: parseRegime(o.optionalString('regime')),
      contribuinteIpi: o.flag('contribuinte-ipi'),
    });
    return idOutput(id, 'empresa criada');
  },
};
