import { randomInt } from 'node:crypto';
import type { Pool } from '@factory/database';
import { cnpjCheckDigits } from '@factory/domain';
import { createCompany, suspendCompany } from '../src/company-service.js';
import { createLocation } from '../src/location-service.js';
import { type Local, listLocations } from '../src/locations-repository.js';
import { createToken, revokeToken } from '../src/token-service.js';
import { createUser, demoteUser } from '../src/user-service.js';

export interface TenantFixtureOptions {
  escopos: readonly string[];
  /** Company name; a unique one by default. */
  nome?: string;
  suspensa?: boolean;
  tokenNome?: string;
  /** Written as is, past instants included (a `vencido` token); null for no expiry. Default: 365 days. */
  expiraEm?: Date | null;
  revogado?: boolean;
  /** false demotes the creator after the token is made (a `sem dono` token). Default true. */
  criadorAdmin?: boolean;
  fuso?: string;
  horaVirada?: string;
  skuPrefixo?: string;
  /** 14 digits; a random valid one by default. */
  cnpj?: string;
  regimeTributario?: 'simples' | 'presumido' | 'real';
  contribuinteIpi?: boolean;
  now?: Date;
}

export interface TenantFixture {
  empresaId: string;
  usuarioId: string;
  tokenId: string;
  token: string;
  /** The two locations, in GET /v1/locais order: "Depósito" (deposito), "Fábrica" (fabrica). */
  locais: Local[];
}

/** A random CNPJ with correct check digits, for tests and seeds. */
export function randomCnpj(): string {
  let base: string;
  do base = Array.from({ length: 12 }, () => randomInt(10)).join('');
  while (/^(\d)\1*$/.test(base));
  return base + cnpjCheckDigits(base);
}

/**
 * A company with an admin, two locations and one token, built through the services, for
 * integration tests of other packages. Each call makes a new, unrelated company.
 */
export async function createTenantFixture(pool: Pool, options: TenantFixtureOptions): Promise<TenantFixture> {
  const now = options.now ?? new Date();
  const empresaId = await createCompany(pool, {
    nome: options.nome ?? `Empresa teste ${randomInt(1_000_000)}`,
    cnpj: options.cnpj ?? randomCnpj(),
    fuso: options.fuso ?? 'America/Sao_Paulo',
    horaVirada: options.horaVirada ?? '05:00',
    skuPrefixo: options.skuPrefixo ?? 'TST',
    regimeTributario: options.regimeTributario,
    contribuinteIpi: options.contribuinteIpi,
  });
  const usuarioId = await createUser(pool, { empresaId, nome: 'Admin teste', admin: true });
  await createLocation(pool, { empresaId, nome: 'Fábrica', tipo: 'fabrica', ativo: true });
  await createLocation(pool, { empresaId, nome: 'Depósito', tipo: 'deposito', ativo: true });
  const created = await createToken(pool, {
    empresaId,
    criadorId: usuarioId,
    nome: options.tokenNome ?? 'Token teste',
    escopos: options.escopos,
    now,
  });
  if (options.expiraEm !== undefined) await setTokenExpiry(pool, created.id, options.expiraEm);
  if (options.revogado) await revokeToken(pool, created.id);
  if (options.criadorAdmin === false) await demoteUser(pool, usuarioId);
  if (options.suspensa) await suspendCompany(pool, empresaId);
  return {
    empresaId,
    usuarioId,
    tokenId: created.id,
    token: created.token,
    locais: await listLocations(pool, empresaId),
  };
}

/** Sets any expiry, past ones included, which createToken refuses (a `vencido` token). */
export async function setTokenExpiry(db: Pool, id: string, expiraEm: Date | null): Promise<void> {
  await db.query('UPDATE tokens SET expira_em = $2 WHERE id = $1', [id, expiraEm]);
}
