import { createUser } from '@factory/tenants';
import { type CommandSpec, UsageError } from '../command.js';
import { idOutput } from '../output.js';
import { invitationOutput } from './usuario-convite.js';

export const usuarioCriar: CommandSpec = {
  name: 'usuario criar',
  summary: 'cria um usuário da empresa',
  options: {
    empresa: { type: 'string', required: true, value: 'UUID', help: 'id da empresa' },
    nome: { type: 'string', required: true, value: 'TEXTO', help: 'nome do usuário' },
    email: { type: 'string', value: 'EMAIL', help: 'e-mail com que entra na página de tokens (único)' },
    admin: { type: 'boolean', help: 'administrador (cria, vê e revoga tokens)' },
    convite: {
      type: 'boolean',
      help: 'imprime também o link de uso único para definir a senha (exige --email)',
    },
  },
  async run(ctx, o) {
    const email = o.optionalString('email');
    if (o.flag('convite') && email === undefined) throw new UsageError('--convite exige --email');
    const id = await createUser(ctx.pool, {
      empresaId: o.string('empresa'),
      nome: o.string('nome'),
      admin: o.flag('admin'),
      ...(email === undefined ? {} : { email }),
    });
    const created = idOutput(id, 'usuário criado');
    if (!o.flag('convite')) return created;
    const { json, lines } = await invitationOutput(ctx, id);
    return { json, text: [created.text, ...lines].join('\n') };
  },
};
