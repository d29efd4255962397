import { createTestDatabase, describeWith } from '@factory/database/testing';
import { DEFAULT_UNITS } from '@factory/domain';
import { beforeAll, expect, it } from 'vitest';
import { createCompany, reactivateCompany, suspendCompany } from './company-service.js';
import { createLocation } from './location-service.js';
import { listLocations } from './locations-repository.js';
import type { OpsError } from './ops-error.js';
import { createUser, demoteUser } from './user-service.js';

const valid = {
  nome: 'Confecção Aurora',
  cnpj: '11.222.333/0001-81',
  fuso: 'America/Sao_Paulo',
  horaVirada: '05:00',
  skuPrefixo: 'AUR',
};

describeWith(['postgres'], 'company, user and location services', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  const refused = (code: OpsError['code'], message: RegExp) =>
    expect.objectContaining({ name: 'OpsError', code, message: expect.stringMatching(message) });

  it('creates a company with digits-only CNPJ, canonical zone and the default units', async () => {
    const id = await createCompany(db.pool, { ...valid, fuso: 'america/sao_paulo' });
    const { rows } = await db.pool.query('SELECT * FROM empresas WHERE id = $1', [id]);
    expect(rows[0]).toMatchObject({
      nome: 'Confecção Aurora',
      cnpj: '11222333000181',
      fuso: 'America/Sao_Paulo',
      hora_virada: '05:00',
      sku_prefixo: 'AUR',
      suspensa: false,
    });
    const units = await db.pool.query('SELECT codigo FROM unidades WHERE empresa_id = $1', [id]);
    expect(units.rows.map((r) => r.codigo).sort()).toEqual([...DEFAULT_UNITS].sort());
  });

  it('refuses bad company input, naming the fault, and writes nothing', async () => {
    const before = (await db.pool.query('SELECT count(*)::int AS n FROM empresas')).rows[0].n;
    const cases: Array<[Partial<typeof valid>, RegExp]> = [
      [{ cnpj: '11222333000182' }, /dígitos verificadores/],
      [{ cnpj: '1122233300018' }, /14 dígitos/],
      [{ cnpj: '11222333000181x' }, /14 dígitos/],
      [{ cnpj: '00000000000000' }, /CNPJ inválido/],
      [{ fuso: 'America/Atlantis' }, /fuso/],
      [{ fuso: '-03:00' }, /fuso/],
      [{ horaVirada: '24:00' }, /hora_virada/],
      [{ skuPrefixo: 'A B' }, /sku_prefixo/],
      [{ nome: '  ' }, /nome/],
    ];
    for (const [change, message] of cases)
      await expect(createCompany(db.pool, { ...valid, ...change })).rejects.toEqual(
        refused('invalido', message),
      );
    expect((await db.pool.query('SELECT count(*)::int AS n FROM empresas')).rows[0].n).toBe(before);
  });

  it('suspends and reactivates, refusing unknown and malformed ids', async () => {
    const id = await createCompany(db.pool, valid);
    const suspensa = async () =>
      (await db.pool.query('SELECT suspensa FROM empresas WHERE id = $1', [id])).rows[0].suspensa;
    expect(await suspendCompany(db.pool, id)).toBe(id);
    expect(await suspensa()).toBe(true);
    expect(await suspendCompany(db.pool, id)).toBe(id);
    expect(await reactivateCompany(db.pool, id)).toBe(id);
    expect(await suspensa()).toBe(false);
    await expect(suspendCompany(db.pool, crypto.randomUUID())).rejects.toEqual(
      refused('nao_encontrado', /empresa não encontrada/),
    );
    await expect(reactivateCompany(db.pool, 'nope')).rejects.toEqual(refused('invalido', /uuid/));
  });

  it('creates and demotes users', async () => {
    const empresaId = await createCompany(db.pool, valid);
    const id = await createUser(db.pool, { empresaId, nome: ' Ana ', admin: true });
    expect(await demoteUser(db.pool, id)).toBe(id);
    const { rows } = await db.pool.query('SELECT nome, admin FROM usuarios WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ nome: 'Ana', admin: false });
    await expect(
      createUser(db.pool, { empresaId: crypto.randomUUID(), nome: 'X', admin: false }),
    ).rejects.toEqual(refused('nao_encontrado', /empresa/));
    await expect(demoteUser(db.pool, crypto.randomUUID())).rejects.toEqual(
      refused('nao_encontrado', /usuário/),
    );
  });

  it('creates locations and lists them by name, then id', async () => {
    const empresaId = await createCompany(db.pool, valid);
    const other = await createCompany(db.pool, valid);
    await createLocation(db.pool, { empresaId: other, nome: 'Alheio', tipo: 'fabrica', ativo: true });
    const b = await createLocation(db.pool, { empresaId, nome: 'B', tipo: 'terceiro', ativo: false });
    const a = await createLocation(db.pool, { empresaId, nome: 'A', tipo: 'deposito', ativo: true });
    expect(await listLocations(db.pool, empresaId)).toEqual([
      { id: a, nome: 'A', tipo: 'deposito', ativo: true },
      { id: b, nome: 'B', tipo: 'terceiro', ativo: false },
    ]);
    await expect(
      createLocation(db.pool, { empresaId, nome: 'C', tipo: 'loja', ativo: true }),
    ).rejects.toEqual(refused('invalido', /tipo/));
  });
});
