import { createTestDatabase, describeWith } from '@factory/database/testing';
import { beforeAll, expect, it } from 'vitest';
import { changeTaxProfile, createCompany } from './company-service.js';
import type { OpsError } from './ops-error.js';

const valid = {
  nome: 'Fiação Serra',
  cnpj: '11.222.333/0001-81',
  fuso: 'America/Sao_Paulo',
  horaVirada: '05:00',
  skuPrefixo: 'FS',
};

describeWith(['postgres'], "the company's tax profile", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  const profile = async (id: string) =>
    (await db.pool.query('SELECT regime_tributario, contribuinte_ipi FROM empresas WHERE id = $1', [id]))
      .rows[0];
  const refused = (code: OpsError['code'], message: RegExp) =>
    expect.objectContaining({ name: 'OpsError', code, message: expect.stringMatching(message) });

  it('defaults to simples without IPI credit, and takes both at creation', async () => {
    expect(await profile(await createCompany(db.pool, valid))).toEqual({
      regime_tributario: 'simples',
      contribuinte_ipi: false,
    });
    const id = await createCompany(db.pool, { ...valid, regimeTributario: 'real', contribuinteIpi: true });
    expect(await profile(id)).toEqual({ regime_tributario: 'real', contribuinte_ipi: true });
  });

  it('refuses an unknown regime at creation, writing nothing', async () => {
    const before = (await db.pool.query('SELECT count(*)::int AS n FROM empresas')).rows[0].n;
    await expect(createCompany(db.pool, { ...valid, regimeTributario: 'lucro_real' })).rejects.toEqual(
      refused('invalido', /regime_tributario deve ser simples, presumido, real: "lucro_real"/),
    );
    expect((await db.pool.query('SELECT count(*)::int AS n FROM empresas')).rows[0].n).toBe(before);
  });

  it('changes only the parts given and answers the whole profile', async () => {
    const id = await createCompany(db.pool, valid);
    expect(await changeTaxProfile(db.pool, id, { regimeTributario: 'presumido' })).toEqual({
      regimeTributario: 'presumido',
      contribuinteIpi: false,
    });
    expect(await changeTaxProfile(db.pool, id, { contribuinteIpi: true })).toEqual({
      regimeTributario: 'presumido',
      contribuinteIpi: true,
    });
    expect(await changeTaxProfile(db.pool, id, { regimeTributario: 'real', contribuinteIpi: false })).toEqual(
      {
        regimeTributario: 'real',
        contribuinteIpi: false,
      },
    );
    expect(await profile(id)).toEqual({ regime_tributario: 'real', contribuinte_ipi: false });
  });

  it('refuses an unknown regime, an unknown company and a malformed id, changing nothing', async () => {
    const id = await createCompany(db.pool, valid);
    await expect(
      changeTaxProfile(db.pool, id, { regimeTributario: 'normal', contribuinteIpi: true }),
    ).rejects.toEqual(refused('invalido', /regime_tributario/));
    expect(await profile(id)).toEqual({ regime_tributario: 'simples', contribuinte_ipi: false });
    await expect(changeTaxProfile(db.pool, crypto.randomUUID(), { contribuinteIpi: true })).rejects.toEqual(
      refused('nao_encontrado', /empresa não encontrada/),
    );
    await expect(changeTaxProfile(db.pool, 'nope', { contribuinteIpi: true })).rejects.toEqual(
      refused('invalido', /uuid/),
    );
  });

  it('tells every API instance to drop its cached company (auth_changed), as suspension does', async () => {
    const id = await createCompany(db.pool, valid);
    const listener = await db.pool.connect();
    try {
      const notified = new Promise<string | undefined>((resolve) =>
        listener.once('notification', (n) => resolve(n.payload)),
      );
      await listener.query('LISTEN auth_changed');
      await changeTaxProfile(db.pool, id, { regimeTributario: 'real' });
      expect(await notified).toBe('empresas');
    } finally {
      await listener.query('UNLISTEN auth_changed');
      listener.release();
    }
  });
});
