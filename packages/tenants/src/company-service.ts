import { inTransaction, type Pool } from '@factory/database';
import {
  canonicalTimeZone,
  DEFAULT_TAX_PROFILE,
  DEFAULT_UNITS,
  isRegimeTributario,
  isValidCnpj,
  isValidSkuPrefix,
  isValidTurnHour,
  onlyDigits,
  REGIMES_TRIBUTARIOS,
  type RegimeTributario,
  type TaxProfile,
} from '@factory/domain';
import {
  type CompanyRow,
  insertCompany,
  insertUnits,
  setCompanySuspended,
  updateTaxProfile,
} from './companies-repository.js';
import type { Queryable } from './db.js';
import { newId, requireName, requireUuid } from './input.js';
import { OpsError } from './ops-error.js';

export interface CreateCompanyInput {
  nome: string;
  /** 14 digits; the usual punctuation (11.222.333/0001-81) is accepted and dropped. */
  cnpj: string;
  /** IANA zone; stored in its canonical spelling. */
  fuso: string;
  /** `HH:MM`. */
  horaVirada: string;
  skuPrefixo: string;
  /** `simples` when absent. */
  regimeTributario?: string;
  /** false when absent. */
  contribuinteIpi?: boolean;
}

function requireRegime(value: string): RegimeTributario {
  if (!isRegimeTributario(value))
    throw new OpsError(
      'invalido',
      `regime_tributario deve ser ${REGIMES_TRIBUTARIOS.join(', ')}: ${JSON.stringify(value)}`,
    );
  return value;
}

export function validateCompany(input: CreateCompanyInput): Omit<CompanyRow, 'id'> {
  const nome = requireName(input.nome, 'nome');
  if (!/^[\d./\s-]+$/.test(input.cnpj) || onlyDigits(input.cnpj).length !== 14)
    throw new OpsError('invalido', `CNPJ deve ter 14 dígitos: ${JSON.stringify(input.cnpj)}`);
  const cnpj = onlyDigits(input.cnpj);
  if (!isValidCnpj(cnpj)) throw new OpsError('invalido', `CNPJ inválido (dígitos verificadores): ${cnpj}`);
  const fuso = canonicalTimeZone(input.fuso);
  if (fuso === null)
    throw new OpsError('invalido', `fuso não é uma zona IANA conhecida: ${JSON.stringify(input.fuso)}`);
  if (!isValidTurnHour(input.horaVirada))
    throw new OpsError(
      'invalido',
      `hora_virada deve ser HH:MM (00:00 a 23:59): ${JSON.stringify(input.horaVirada)}`,
    );
  if (!isValidSkuPrefix(input.skuPrefixo))
    throw new OpsError(
      'invalido',
      `sku_prefixo deve ter de 1 a 15 letras, dígitos ou hífens, começando por letra ou dígito: ${JSON.stringify(input.skuPrefixo)}`,
    );
  return {
    nome,
    cnpj,
    fuso,
    horaVirada: input.horaVirada,
    skuPrefixo: input.skuPrefixo,
    regimeTributario:
      input.regimeTributario === undefined
        ? DEFAULT_TAX_PROFILE.regimeTributario
        : requireRegime(input.regimeTributario),
    contribuinteIpi: input.contribuinteIpi ?? DEFAULT_TAX_PROFILE.contribuinteIpi,
  };
}

/** Inserts a validated company with the default units, inside the caller's transaction. */
export async function insertCompanyWithUnits(db: Queryable, company: CompanyRow): Promise<void> {
  await insertCompany(db, company);
  await insertUnits(db, company.id, DEFAULT_UNITS);
}

/** CNPJ is not unique: nothing in the specification forbids two tenants of one legal entity. */
export async function createCompany(pool: Pool, input: CreateCompanyInput): Promise<string> {
  const company = { id: newId(), ...validateCompany(input) };
  await inTransaction(pool, (client) => insertCompanyWithUnits(client, company));
  return company.id;
}

// Suspension reaches every API instance through the auth_changed trigger of migration 0001.
async function setSuspended(pool: Pool, empresaId: string, suspensa: boolean): Promise<string> {
  const id = requireUuid(empresaId, 'empresa');
  if (!(await setCompanySuspended(pool, id, suspensa)))
    throw new OpsError('nao_encontrado', `empresa não encontrada: ${id}`);
  return id;
}

export function suspendCompany(pool: Pool, empresaId: string): Promise<string> {
  return setSuspended(pool, empresaId, true);
}

export function reactivateCompany(pool: Pool, empresaId: string): Promise<string> {
  return setSuspended(pool, empresaId, false);
}

export interface TaxProfileChange {
  regimeTributario?: string;
  contribuinteIpi?: boolean;
}

/**
 * Changes the parts of the company's tax profile given and answers the whole profile. It
 * applies to invoices received from then on; costs already recorded keep the profile they had.
 */
export async function changeTaxProfile(
  pool: Pool,
  empresaId: string,
  change: TaxProfileChange,
): Promise<TaxProfile> {
  const id = requireUuid(empresaId, 'empresa');
  const regimeTributario =
    change.regimeTributario === undefined ? undefined : requireRegime(change.regimeTributario);
  const profile = await updateTaxProfile(pool, id, {
    ...(regimeTributario === undefined ? {} : { regimeTributario }),
    ...(change.contribuinteIpi === undefined ? {} : { contribuinteIpi: change.contribuinteIpi }),
  });
  if (!profile) throw new OpsError('nao_encontrado', `empresa não encontrada: ${id}`);
  return profile;
}
