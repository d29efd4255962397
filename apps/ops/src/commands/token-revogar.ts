import { revokeToken } from '@factory/tenants';
import type { CommandSpec } from '../command.js';
import { idOutput } from '../output.js';

export const tokenRevogar: CommandSpec = {
  name: 'token revogar',
  summary: 'revoga um token, de imediato e para sempre',
  options: { 'token-id': { type: 'string', required: true, value: 'UUID', help: 'id do token' } },
  async run({ pool }, o) {
    return idOutput(await revokeToken(pool, o.string('token-id')), 'token revogado');
  },
};
