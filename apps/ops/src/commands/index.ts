import type { CommandSpec } from '../command.js';
import { empresaAlterar } from './empresa-alterar.js';
import { empresaCriar } from './empresa-criar.js';
import { empresaReativar } from './empresa-reativar.js';
import { empresaSuspender } from './empresa-suspender.js';
import { localCriar } from './local-criar.js';
import { projecoesReconstruir } from './projecoes-reconstruir.js';
import { projecoesStatus } from './projecoes-status.js';
import { projecoesVerificar } from './projecoes-verificar.js';
import { semear } from './semear.js';
import { tokenCriar } from './token-criar.js';
import { tokenListar } from './token-listar.js';
import { tokenRevogar } from './token-revogar.js';
import { usuarioConvite } from './usuario-convite.js';
import { usuarioCriar } from './usuario-criar.js';
import { usuarioRebaixar } from './usuario-rebaixar.js';

/** Every command, in the order of the usage text (writes.md, Operations CLI). */
export const COMMANDS: readonly CommandSpec[] = [
  empresaCriar,
  empresaAlterar,
  empresaSuspender,
  empresaReativar,
  usuarioCriar,
  usuarioConvite,
  usuarioRebaixar,
  localCriar,
  tokenCriar,
  tokenRevogar,
  tokenListar,
  projecoesStatus,
  projecoesReconstruir,
  projecoesVerificar,
  semear,
];
