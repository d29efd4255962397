import { createTestDatabase, describeWith } from '@factory/database/testing';
import { ALL_SCOPES } from '@factory/domain';
import { beforeAll, expect, it } from 'vitest';
import { findAuthRecordByHash } from './auth-repository.js';
import { DEMO_COMPANY, seedDemoCompany } from './demo-seed.js';
import { listLocations } from './locations-repository.js';
import { hashToken, looksLikeToken } from './token-format.js';

describeWith(['postgres'], 'seedDemoCompany', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  it('creates the demo company once, even when two starts race, and shows the token once', async () => {
    const now = new Date();
    const [a, b] = await Promise.all([seedDemoCompany(db.pool, now), seedDemoCompany(db.pool, now)]);
    expect(a.empresaId).toBe(b.empresaId);
    const token = a.token ?? b.token;
    expect([a.token, b.token].filter((t) => t === null)).toHaveLength(1);
    expect(looksLikeToken(token!)).toBe(true);
    expect(await seedDemoCompany(db.pool, now)).toEqual({ empresaId: a.empresaId, token: null });

    const record = await findAuthRecordByHash(db.pool, hashToken(token!));
    expect(record).toMatchObject({
      escopos: [...ALL_SCOPES],
      expiraEm: null,
      criadorAdmin: true,
      empresa: { id: a.empresaId, ...DEMO_COMPANY, suspensa: false },
    });
    expect((await listLocations(db.pool, a.empresaId)).map((l) => [l.nome, l.tipo, l.ativo])).toEqual([
      ['Depósito central', 'deposito', true],
      ['Fábrica', 'fabrica', true],
      ['Terceiro costura', 'terceiro', true],
    ]);
    const units = await db.pool.query('SELECT count(*)::int AS n FROM unidades WHERE empresa_id = $1', [
      a.empresaId,
    ]);
    expect(units.rows[0].n).toBe(17);
  });
});
