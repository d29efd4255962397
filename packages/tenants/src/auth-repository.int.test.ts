import { createTestDatabase, describeWith } from '@factory/database/testing';
import { beforeAll, expect, it } from 'vitest';
import { createTenantFixture } from '../test/tenant-fixture.js';
import { findAuthRecordByHash, recordLastUse } from './auth-repository.js';
import { generateToken, hashToken } from './token-format.js';

describeWith(['postgres'], 'auth repository', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  const lastUse = async (id: string) =>
    (await db.pool.query('SELECT ultimo_uso_em FROM tokens WHERE id = $1', [id])).rows[0].ultimo_uso_em;

  it('finds the token with its company and creator state in one record', async () => {
    const f = await createTenantFixture(db.pool, {
      escopos: ['estoque:escrever'],
      nome: 'Malharia Sul',
      skuPrefixo: 'MS',
    });
    const record = await findAuthRecordByHash(db.pool, hashToken(f.token));
    expect(record).toMatchObject({
      tokenId: f.tokenId,
      prefixo: f.token.slice(0, 20),
      nome: 'Token teste',
      escopos: ['estoque:escrever'],
      revogadoEm: null,
      criadorAdmin: true,
      empresa: {
        id: f.empresaId,
        nome: 'Malharia Sul',
        fuso: 'America/Sao_Paulo',
        horaVirada: '05:00',
        skuPrefixo: 'MS',
        regimeTributario: 'simples',
        contribuinteIpi: false,
        suspensa: false,
      },
    });
    expect(record?.empresa.cnpj).toMatch(/^\d{14}$/);
    expect(record?.expiraEm).toBeInstanceOf(Date);
    expect(await findAuthRecordByHash(db.pool, hashToken(generateToken()))).toBeNull();
  });

  it('reflects every fixture situation', async () => {
    const past = new Date(Date.now() - 1000);
    const cases = await Promise.all([
      createTenantFixture(db.pool, { escopos: [], revogado: true }),
      createTenantFixture(db.pool, { escopos: [], expiraEm: past }),
      createTenantFixture(db.pool, { escopos: [], criadorAdmin: false }),
      createTenantFixture(db.pool, { escopos: [], suspensa: true, expiraEm: null }),
    ]);
    const [revoked, expired, ownerless, suspended] = await Promise.all(
      cases.map((c) => findAuthRecordByHash(db.pool, hashToken(c.token))),
    );
    expect(revoked?.revogadoEm).toBeInstanceOf(Date);
    expect(expired?.expiraEm).toEqual(past);
    expect(ownerless?.criadorAdmin).toBe(false);
    expect(suspended).toMatchObject({ expiraEm: null, empresa: { suspensa: true } });
    expect(cases[0]!.locais.map((l) => [l.nome, l.tipo])).toEqual([
      ['Depósito', 'deposito'],
      ['Fábrica', 'fabrica'],
    ]);
  });

  it('records the latest use per token in one batch and never moves it back', async () => {
    const a = await createTenantFixture(db.pool, { escopos: [] });
    const b = await createTenantFixture(db.pool, { escopos: [] });
    const t = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));
    await recordLastUse(db.pool, [
      { tokenId: a.tokenId, at: t(5) },
      { tokenId: a.tokenId, at: t(9) },
      { tokenId: b.tokenId, at: t(3) },
    ]);
    expect([await lastUse(a.tokenId), await lastUse(b.tokenId)]).toEqual([t(9), t(3)]);
    await recordLastUse(db.pool, [
      { tokenId: a.tokenId, at: t(7) },
      { tokenId: b.tokenId, at: t(4) },
    ]);
    expect([await lastUse(a.tokenId), await lastUse(b.tokenId)]).toEqual([t(9), t(4)]);
    await recordLastUse(db.pool, []);
  });

  it('survives overlapping batches flushed at once', async () => {
    const fs = await Promise.all(
      Array.from({ length: 4 }, () => createTenantFixture(db.pool, { escopos: [] })),
    );
    const ids = fs.map((f) => f.tokenId);
    const at = new Date(Date.UTC(2031, 0, 1));
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        recordLastUse(
          db.pool,
          (i % 2 ? ids : [...ids].reverse()).map((tokenId, k) => ({
            tokenId,
            at: new Date(at.getTime() + i * 10 + k),
          })),
        ),
      ),
    );
    for (const id of ids) expect((await lastUse(id)).getTime()).toBeGreaterThanOrEqual(at.getTime() + 70);
  });
});
