import { createInvitation, invitationLink } from '@factory/tenants';
import type { CommandSpec } from '../command.js';
import { formatOptionalInstant } from '../output.js';

/** The one-time link is the secret: printed here and nowhere else (admin.md). */
export async function invitationOutput(
  ctx: { pool: Parameters<typeof createInvitation>[0]; now: Date; publicUrl: string },
  usuarioId: string,
) {
  const { codigo, expiraEm } = await createInvitation(ctx.pool, usuarioId, ctx.now);
  const link = invitationLink(ctx.publicUrl, codigo);
  return {
    json: { id: usuarioId, convite: link, expira_em: formatOptionalInstant(expiraEm) },
    lines: [
      `convite (uso único, vale até ${formatOptionalInstant(expiraEm)}): ${link}`,
      'quem abrir o link define a senha; um novo convite anula este',
    ],
  };
}

export const usuarioConvite: CommandSpec = {
  name: 'usuario convite',
  summary: 'imprime um link de uso único para o usuário definir a senha da página de tokens',
  options: {
    usuario: { type: 'string', required: true, value: 'UUID', help: 'id do usuário (precisa ter e-mail)' },
  },
  async run(ctx, o) {
    const { json, lines } = await invitationOutput(ctx, o.string('usuario'));
    return { json, text: lines.join('\n') };
  },
};
