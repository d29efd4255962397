import { inTransaction, type Pool } from '@factory/database';
import { ALL_SCOPES } from '@factory/domain';
import { findCompanyId } from './companies-repository.js';
import { insertCompanyWithUnits, validateCompany } from './company-service.js';
import { advisoryXactLock } from './db.js';
import { newId } from './input.js';
import { createInvitation } from './invitation-service.js';
import { insertLocation, type LocalTipo } from './locations-repository.js';
import { OpsError } from './ops-error.js';
import { issueToken } from './token-service.js';
import { insertUser, setEmail } from './users-repository.js';

/**
 * The demo company is recognised by its name, CNPJ and SKU prefix together. An industrial IPI
 * taxpayer under the `real` regime, so the invoices of its demo history recover taxes and its
 * average cost with entry taxes differs from the net one.
 */
export const DEMO_COMPANY = {
  nome: 'Fábrica Demo',
  cnpj: '12345678000195',
  fuso: 'America/Sao_Paulo',
  horaVirada: '05:00',
  skuPrefixo: 'DEMO',
  regimeTributario: 'real',
  contribuinteIpi: true,
} as const;

/** The demo administrator signs in with this e-mail. */
export const DEMO_ADMIN_EMAIL = 'admin@fabrica-demo.example';

const DEMO_LOCATIONS: ReadonlyArray<{ nome: string; tipo: LocalTipo }> = [
  { nome: 'Fábrica', tipo: 'fabrica' },
  { nome: 'Depósito central', tipo: 'deposito' },
  { nome: 'Terceiro costura', tipo: 'terceiro' },
];
const SEED_LOCK_KEY = 4_202_612; // next to the migration lock's key; only needs to be constant

/**
 * Creates the single-machine demo company once, with its locations, an administrator and a
 * token holding every scope and no expiry. `token` is the clear token when it was created now,
 * null when the company already existed (the token was shown at its creation only). All in one
 * transaction under an advisory lock, so two processes starting together make one company.
 */
export async function seedDemoCompany(
  pool: Pool,
  now: Date,
): Promise<{ empresaId: string; token: string | null }> {
  return inTransaction(pool, async (client) => {
    await advisoryXactLock(client, SEED_LOCK_KEY);
    const existing = await findCompanyId(client, DEMO_COMPANY);
    if (existing) return { empresaId: existing, token: null };

    const empresaId = newId();
    await insertCompanyWithUnits(client, { id: empresaId, ...validateCompany(DEMO_COMPANY) });
    const criadorId = newId();
    await insertUser(client, {
      id: criadorId,
      empresaId,
      nome: 'Administrador Demo',
      admin: true,
      email: DEMO_ADMIN_EMAIL,
    });
    for (const local of DEMO_LOCATIONS)
      await insertLocation(client, empresaId, { id: newId(), ...local, ativo: true });
    const { token } = await issueToken(client, {
      empresaId,
      criadorId,
      nome: 'Demo (todos os escopos)',
      escopos: ALL_SCOPES,
      now,
      expiraEm: null,
    });
    return { empresaId, token };
  });
}

/**
 * How the demo administrator gets into the settings page: while no password is set, a fresh
 * invitation (voiding the previous one, so only the latest printed link works); once set, none.
 * A demo company made before e-mails existed gets the demo e-mail here.
 */
export async function demoAdminSignIn(
  pool: Pool,
  empresaId: string,
  now: Date,
): Promise<{ email: string; codigo: string | null }> {
  const { rows } = await pool.query<{ id: string; email: string | null; senha_hash: string | null }>(
    'SELECT id, email, senha_hash FROM usuarios WHERE empresa_id = $1 AND admin ORDER BY criado_em, id LIMIT 1',
    [empresaId],
  );
  const admin = rows[0];
  if (!admin) throw new OpsError('nao_encontrado', 'a empresa demo não tem administrador');
  const email = admin.email ?? DEMO_ADMIN_EMAIL;
  if (admin.email === null) await setEmail(pool, admin.id, email);
  if (admin.senha_hash !== null) return { email, codigo: null };
  const { codigo } = await createInvitation(pool, admin.id, now);
  return { email, codigo };
}
