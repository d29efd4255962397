import { createLocation, LOCAL_TIPOS } from '@factory/tenants';
import type { CommandSpec } from '../command.js';
import { idOutput } from '../output.js';

export const localCriar: CommandSpec = {
  name: 'local criar',
  summary: 'cria um local de estoque',
  options: {
    empresa: { type: 'string', required: true, value: 'UUID', help: 'id da empresa' },
    nome: { type: 'string', required: true, value: 'TEXTO', help: 'nome do local' },
    tipo: { type: 'string', required: true, value: LOCAL_TIPOS.join('|'), help: 'tipo do local' },
    inativo: { type: 'boolean', help: 'cria o local já inativo' },
  },
  async run({ pool }, o) {
    const id = await createLocation(pool, {
      empresaId: o.string('empresa'),
      nome: o.string('nome'),
      tipo: o.string('tipo'),
      ativo: !o.flag('inativo'),
    });
    return idOutput(id, 'local criado');
  },
};
