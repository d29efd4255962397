import { inTransaction, type Pool } from '@factory/database';
import {
  ALL_SCOPES,
  DEFAULT_TOKEN_VALIDITY,
  isScope,
  isTokenValidity,
  MAX_ACTIVE_TOKENS,
  type Scope,
  TOKEN_VALIDITIES,
  type TokenSituation,
  type TokenValidity,
  tokenExpiry,
  tokenSituation,
} from '@factory/domain';
import { companyExists, lockCompany } from './companies-repository.js';
import type { Queryable } from './db.js';
import { newId, requireName, requireUuid } from './input.js';
import { OpsError } from './ops-error.js';
import { generateToken, hashToken, tokenPrefixo } from './token-format.js';
import {
  countActiveTokens,
  insertToken,
  revoke,
  revokeOfCompany,
  selectTokenEvents,
  selectTokens,
  type TokenEventRow,
} from './tokens-repository.js';
import { findUser } from './users-repository.js';

export interface CreateTokenInput {
  empresaId: string;
  /** A user of the same company who is an administrator. */
  criadorId: string;
  nome: string;
  escopos: readonly string[];
  /** Days, or `sem` for no expiry; 365 when neither this nor `expiraEm` is given. */
  validade?: TokenValidity;
  /** An exact expiry instant instead of `validade`; must be after `now`. */
  expiraEm?: Date;
  now: Date;
}

/** The token in clear appears here only; the database keeps its hash. */
export interface CreatedToken {
  id: string;
  token: string;
  prefixo: string;
  expira_em: Date | null;
}

/** Distinct scopes in the order of ALL_SCOPES; unknown ones are refused, all named at once. */
export function validateScopes(escopos: readonly string[]): Scope[] {
  const unknown = escopos.filter((s) => !isScope(s));
  if (unknown.length > 0)
    throw new OpsError(
      'invalido',
      `escopo desconhecido: ${unknown.join(', ')} (válidos: ${ALL_SCOPES.join(', ')})`,
    );
  return ALL_SCOPES.filter((s) => escopos.includes(s));
}

function resolveExpiry(input: CreateTokenInput): Date | null {
  if (input.expiraEm !== undefined) {
    if (input.validade !== undefined)
      throw new OpsError('invalido', 'informe validade ou expira_em, não os dois');
    if (Number.isNaN(input.expiraEm.getTime())) throw new OpsError('invalido', 'expira_em inválido');
    if (input.expiraEm.getTime() <= input.now.getTime())
      throw new OpsError('invalido', `expira_em deve estar no futuro: ${input.expiraEm.toISOString()}`);
    return input.expiraEm;
  }
  const validade = input.validade ?? DEFAULT_TOKEN_VALIDITY;
  if (!isTokenValidity(validade))
    throw new OpsError('invalido', `validade deve ser ${TOKEN_VALIDITIES.join(', ')}: ${String(validade)}`);
  return tokenExpiry(validade, input.now);
}

/** Generates and stores a token without any check; callers have validated and locked. */
export async function issueToken(
  db: Queryable,
  t: {
    empresaId: string;
    criadorId: string;
    nome: string;
    escopos: readonly Scope[];
    now: Date;
    expiraEm: Date | null;
  },
): Promise<CreatedToken> {
  const id = newId();
  const token = generateToken();
  const prefixo = tokenPrefixo(token);
  await insertToken(db, {
    id,
    empresaId: t.empresaId,
    criadorId: t.criadorId,
    nome: t.nome,
    prefixo,
    hash: hashToken(token),
    escopos: t.escopos,
    criadoEm: t.now,
    expiraEm: t.expiraEm,
  });
  return { id, token, prefixo, expira_em: t.expiraEm };
}

/**
 * Active means situation `ativo` at `now`: not revoked, not expired, creator still an admin.
 * The company row lock makes concurrent creations queue, so the count cannot be raced past
 * MAX_ACTIVE_TOKENS.
 */
export async function createToken(pool: Pool, input: CreateTokenInput): Promise<CreatedToken> {
  // 1. Validate everything that needs no database.
  if (Number.isNaN(input.now.getTime())) throw new OpsError('invalido', 'now inválido');
  const empresaId = requireUuid(input.empresaId, 'empresa');
  const criadorId = requireUuid(input.criadorId, 'criador');
  const nome = requireName(input.nome, 'nome');
  const escopos = validateScopes(input.escopos);
  const expiraEm = resolveExpiry(input);
  return inTransaction(pool, async (client) => {
    // 2. Lock the company: every token creation of this company waits here.
    if (!(await lockCompany(client, empresaId)))
      throw new OpsError('nao_encontrado', `empresa não encontrada: ${empresaId}`);
    // 3. The creator must be an administrator of this very company.
    const creator = await findUser(client, criadorId);
    if (!creator || creator.empresaId !== empresaId)
      throw new OpsError('nao_encontrado', `usuário ${criadorId} não encontrado na empresa ${empresaId}`);
    if (!creator.admin)
      throw new OpsError(
        'nao_admin',
        `usuário ${criadorId} não é administrador: só administradores criam tokens`,
      );
    // 4. Count under the lock, then insert.
    if ((await countActiveTokens(client, empresaId, input.now)) >= MAX_ACTIVE_TOKENS)
      throw new OpsError(
        'limite_tokens',
        `a empresa já tem ${MAX_ACTIVE_TOKENS} tokens ativos; revogue um antes de criar outro`,
      );
    return issueToken(client, { empresaId, criadorId, nome, escopos, now: input.now, expiraEm });
  });
}

/** Immediate and irreversible; revoking again keeps the first instant. */
export async function revokeToken(pool: Pool, tokenId: string): Promise<string> {
  const id = requireUuid(tokenId, 'token-id');
  if (!(await revoke(pool, id))) throw new OpsError('nao_encontrado', `token não encontrado: ${id}`);
  return id;
}

/**
 * Revocation on the settings page: only a token of the administrator's own company, recording
 * who revoked it. Same effect as revokeToken otherwise.
 */
export async function revokeCompanyToken(
  pool: Pool,
  input: { empresaId: string; tokenId: string; usuarioId: string },
): Promise<string> {
  const id = requireUuid(input.tokenId, 'token-id');
  if (!(await revokeOfCompany(pool, input.empresaId, id, input.usuarioId)))
    throw new OpsError('nao_encontrado', `token não encontrado: ${id}`);
  return id;
}

/** admin.md, Atividade: the last 100 token events of the company. */
export const ACTIVITY_LIMIT = 100;

export type TokenEvent = TokenEventRow;

export function tokenActivity(pool: Pool, empresaId: string): Promise<TokenEvent[]> {
  return selectTokenEvents(pool, requireUuid(empresaId, 'empresa'), ACTIVITY_LIMIT);
}

export interface TokenListItem {
  id: string;
  prefixo: string;
  nome: string;
  criador: string;
  criado_em: Date;
  ultimo_uso_em: Date | null;
  expira_em: Date | null;
  situacao: TokenSituation;
  escopos: string[];
}

/** The list of the API settings screen, newest first; the token itself is never shown again. */
export async function listTokens(pool: Pool, empresaId: string, now: Date): Promise<TokenListItem[]> {
  const id = requireUuid(empresaId, 'empresa');
  if (!(await companyExists(pool, id))) throw new OpsError('nao_encontrado', `empresa não encontrada: ${id}`);
  const rows = await selectTokens(pool, id);
  return rows.map((r) => ({
    id: r.id,
    prefixo: r.prefixo,
    nome: r.nome,
    criador: r.criador,
    criado_em: r.criadoEm,
    ultimo_uso_em: r.ultimoUsoEm,
    expira_em: r.expiraEm,
    situacao: tokenSituation(r, now),
    escopos: r.escopos,
  }));
}
