import type { Pool } from '@factory/database';
import { ALL_SCOPES, cnpjCheckDigits, type TaxProfile } from '@factory/domain';
import { createCompany, createLocation, createToken, createUser } from '@factory/tenants';
import type { LocalKind } from './movement-plan.js';
import type { Random } from './random.js';
import { COMPANY_NAMES, SURNAMES } from './vocabulary.js';

export interface SeededCompany {
  id: string;
  nome: string;
  /** Every scope, `custos:ler` included; shown here only. */
  token: string;
  locais: Record<LocalKind, string>;
  cnpj: string;
  perfil: TaxProfile;
  calendar: { fuso: string; horaVirada: string };
}

const LOCAIS: ReadonlyArray<{ kind: LocalKind; nome: string }> = [
  { kind: 'fabrica', nome: 'Fábrica' },
  { kind: 'deposito', nome: 'Depósito central' },
  { kind: 'terceiro', nome: 'Oficina terceirizada' },
];

/**
 * A company with its three locations (one of each type), an administrator and one token. The
 * first company of a seed is an industrial IPI taxpayer under the `real` regime, so its received
 * invoices recover ICMS, IPI, PIS and COFINS and the average cost with entry taxes differs from
 * the net one; the others draw a regime.
 */
export async function createSeedCompany(
  pool: Pool,
  random: Random,
  ordinal: number,
  now: Date,
): Promise<SeededCompany> {
  const nome = `${random.pick(COMPANY_NAMES)} ${random.pick(SURNAMES)} ${ordinal + 1}`;
  const base = `${String(10_000_000 + random.int(0, 89_999_999))}0001`;
  const cnpj = `${base}${cnpjCheckDigits(base)}`;
  const regimeTributario = ordinal === 0 ? 'real' : random.pick(['simples', 'presumido', 'real'] as const);
  const perfil: TaxProfile = { regimeTributario, contribuinteIpi: regimeTributario !== 'simples' };
  const calendar = { fuso: 'America/Sao_Paulo', horaVirada: '05:00' };
  const id = await createCompany(pool, {
    nome,
    cnpj,
    ...calendar,
    skuPrefixo: `S${ordinal + 1}`,
    ...perfil,
  });
  const criadorId = await createUser(pool, { empresaId: id, nome: 'Administrador', admin: true });
  const locais = {} as Record<LocalKind, string>;
  for (const local of LOCAIS)
    locais[local.kind] = await createLocation(pool, {
      empresaId: id,
      nome: local.nome,
      tipo: local.kind,
      ativo: true,
    });
  const { token } = await createToken(pool, {
    empresaId: id,
    criadorId,
    nome: 'semear (todos os escopos)',
    escopos: ALL_SCOPES,
    now,
  });
  return { id, nome, token, locais, cnpj, perfil, calendar };
}
