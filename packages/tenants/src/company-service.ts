import { inTransaction, type Pool } from '@factory/database';
import {
  canonicalTimeZone,
  DEFAULT_UNITS,
  isValidCnpj,
  isValidSkuPrefix,
  isValidTurnHour,
  onlyDigits,
} from '@factory/domain';
import { type CompanyRow, insertCompany, insertUnits, setCompanySuspended } from './companies-repository.js';
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
  return { nome, cnpj, fuso, horaVirada: input.horaVirada, skuPrefixo: input.skuPrefixo };
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
