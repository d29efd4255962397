import { createUser } from '@factory/tenants';
import type { CommandSpec } from '../command.js';
import { idOutput } from '../output.js';

export const usuarioCriar: CommandSpec = {
  name: 'usuario criar',
  summary: 'cria um usuário da empresa',
  options: {
    empresa: { type: 'string', required: true, value: 'UUID', help: 'id da empresa' },
    nome: { type: 'string', required: true, value: 'TEXTO', help: 'nome do usuário' },
    admin: { type: 'boolean', help: 'administrador (cria, vê e revoga tokens)' },
  },
  async run({ pool }, o) {
    const id = await createUser(pool, {
      empresaId: o.string('empresa'),
      nome: o.string('nome'),
      admin: o.flag('admin'),
    });
    return idOutput(id, 'usuário criado');
  },
};
