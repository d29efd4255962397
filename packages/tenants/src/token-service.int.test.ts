import { createTestDatabase, describeWith } from '@factory/database/testing';
import { ALL_SCOPES } from '@factory/domain';
import { beforeAll, expect, it } from 'vitest';
import { createTenantFixture, setTokenExpiry } from '../test/tenant-fixture.js';
import type { OpsError } from './ops-error.js';
import { hashToken, looksLikeToken } from './token-format.js';
import { createToken, listTokens, revokeToken } from './token-service.js';
import { createUser, demoteUser } from './user-service.js';

const now = new Date('2030-01-10T12:00:00.000Z');
const DAY = 86_400_000;

describeWith(['postgres'], 'token service', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  const refused = (code: OpsError['code'], message: RegExp) =>
    expect.objectContaining({ name: 'OpsError', code, message: expect.stringMatching(message) });

  async function company() {
    const f = await createTenantFixture(db.pool, { escopos: [], now });
    await revokeToken(db.pool, f.tokenId); // start with no active token
    return f;
  }

  it('stores only the hash, and returns the token once with its 20-character prefix', async () => {
    const { empresaId, usuarioId: criadorId } = await company();
    const created = await createToken(db.pool, {
      empresaId,
      criadorId,
      nome: 'ERP',
      escopos: ['produtos:ler', 'custos:ler', 'produtos:ler'],
      now,
    });
    expect(looksLikeToken(created.token)).toBe(true);
    expect(created.prefixo).toBe(created.token.slice(0, 20));
    expect(created.expira_em).toEqual(new Date(now.getTime() + 365 * DAY));
    const { rows } = await db.pool.query('SELECT * FROM tokens WHERE id = $1', [created.id]);
    expect(rows[0]).toMatchObject({ prefixo: created.prefixo, escopos: ['produtos:ler', 'custos:ler'] });
    expect(rows[0].hash_sha256.equals(hashToken(created.token))).toBe(true);
    expect(JSON.stringify(rows[0])).not.toContain(created.token);
  });

  it('honours validade and an exact expira_em', async () => {
    const { empresaId, usuarioId: criadorId } = await company();
    const base = { empresaId, criadorId, nome: 'T', escopos: [], now };
    expect((await createToken(db.pool, { ...base, validade: 30 })).expira_em).toEqual(
      new Date(now.getTime() + 30 * DAY),
    );
    expect((await createToken(db.pool, { ...base, validade: 'sem' })).expira_em).toBeNull();
    const exact = new Date('2030-02-01T03:04:05.678Z');
    expect((await createToken(db.pool, { ...base, expiraEm: exact })).expira_em).toEqual(exact);
    await expect(createToken(db.pool, { ...base, expiraEm: now })).rejects.toEqual(
      refused('invalido', /futuro/),
    );
    await expect(createToken(db.pool, { ...base, validade: 90, expiraEm: exact })).rejects.toEqual(
      refused('invalido', /não os dois/),
    );
    await expect(createToken(db.pool, { ...base, validade: 60 as 30 })).rejects.toEqual(
      refused('invalido', /validade/),
    );
  });

  it('refuses unknown scopes, non-admin creators and creators of another company', async () => {
    const { empresaId, usuarioId } = await company();
    const other = await company();
    const base = { empresaId, criadorId: usuarioId, nome: 'T', escopos: [] as string[], now };
    await expect(
      createToken(db.pool, { ...base, escopos: ['produtos:ler', 'tudo', 'pedidos:escrever'] }),
    ).rejects.toEqual(refused('invalido', /escopo desconhecido: tudo, pedidos:escrever/));
    const plain = await createUser(db.pool, { empresaId, nome: 'Operador', admin: false });
    await expect(createToken(db.pool, { ...base, criadorId: plain })).rejects.toEqual(
      refused('nao_admin', /administrador/),
    );
    await expect(createToken(db.pool, { ...base, criadorId: other.usuarioId })).rejects.toEqual(
      refused('nao_encontrado', /não encontrado na empresa/),
    );
    await expect(createToken(db.pool, { ...base, empresaId: crypto.randomUUID() })).rejects.toEqual(
      refused('nao_encontrado', /empresa não encontrada/),
    );
  });

  it('allows 10 active tokens; revoked, expired and ownerless ones do not count', async () => {
    const { empresaId, usuarioId } = await company();
    const second = await createUser(db.pool, { empresaId, nome: 'Outra admin', admin: true });
    const make = (criadorId = usuarioId) =>
      createToken(db.pool, { empresaId, criadorId, nome: 'T', escopos: [], now });
    const tokens = [];
    for (let i = 0; i < 10; i++) tokens.push(await make());
    await expect(make()).rejects.toEqual(refused('limite_tokens', /10 tokens ativos/));

    await revokeToken(db.pool, tokens[0]!.id);
    tokens.push(await make());
    await setTokenExpiry(db.pool, tokens[1]!.id, now); // expires at exactly `now`
    tokens.push(await make());
    await expect(make()).rejects.toEqual(refused('limite_tokens', /10 tokens ativos/));

    await demoteUser(db.pool, usuarioId); // its 9 live tokens turn `sem dono`
    for (let i = 0; i < 10; i++) await make(second);
    await expect(make(second)).rejects.toEqual(refused('limite_tokens', /10/));
  });

  it('lets exactly 10 of 12 concurrent creations through', async () => {
    const { empresaId, usuarioId: criadorId } = await company();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        createToken(db.pool, { empresaId, criadorId, nome: `T${i}`, escopos: [], now }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const failures = results.filter((r) => r.status === 'rejected');
    expect(failures.map((r) => (r.reason as OpsError).code)).toEqual(['limite_tokens', 'limite_tokens']);
  });

  it('lists tokens newest first with their situation, never the token', async () => {
    const { empresaId, usuarioId } = await company();
    const second = await createUser(db.pool, { empresaId, nome: 'Bruno', admin: true });
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    const mk = (nome: string, criadorId: string, when: Date, escopos: string[] = []) =>
      createToken(db.pool, { empresaId, criadorId, nome, escopos, now: when, validade: 30 });
    const ativo = await mk('ativo', second, at(3), [...ALL_SCOPES]);
    const semDono = await mk('sem dono', usuarioId, at(2));
    const vencido = await mk('vencido', second, at(-40));
    const revogado = await mk('revogado', second, at(1));
    await revokeToken(db.pool, revogado.id);
    await expect(revokeToken(db.pool, revogado.id)).resolves.toBe(revogado.id);
    await demoteUser(db.pool, usuarioId);

    const list = await listTokens(db.pool, empresaId, now);
    const mine = list.filter((t) => [ativo, semDono, vencido, revogado].some((c) => c.id === t.id));
    expect(mine.map((t) => [t.nome, t.situacao, t.criador])).toEqual([
      ['ativo', 'ativo', 'Bruno'],
      ['sem dono', 'sem dono', 'Admin teste'],
      ['revogado', 'revogado', 'Bruno'],
      ['vencido', 'vencido', 'Bruno'],
    ]);
    expect(mine[0]).toEqual({
      id: ativo.id,
      prefixo: ativo.prefixo,
      nome: 'ativo',
      criador: 'Bruno',
      criado_em: at(3),
      ultimo_uso_em: null,
      expira_em: at(33),
      situacao: 'ativo',
      escopos: [...ALL_SCOPES],
    });
    expect(JSON.stringify(list)).not.toContain(ativo.token);
    await expect(listTokens(db.pool, crypto.randomUUID(), now)).rejects.toEqual(
      refused('nao_encontrado', /empresa/),
    );
    await expect(revokeToken(db.pool, crypto.randomUUID())).rejects.toEqual(
      refused('nao_encontrado', /token/),
    );
  });
});
