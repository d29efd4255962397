import { demoteUser } from '@factory/tenants';
import type { CommandSpec } from '../command.js';
import { idOutput } from '../output.js';

export const usuarioRebaixar: CommandSpec = {
  name: 'usuario rebaixar',
  summary: 'tira o papel de administrador; os tokens que ele criou ficam "sem dono"',
  options: { usuario: { type: 'string', required: true, value: 'UUID', help: 'id do usuário' } },
  async run({ pool }, o) {
    return idOutput(await demoteUser(pool, o.string('usuario')), 'usuário rebaixado');
  },
};
