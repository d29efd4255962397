import { randomUUID } from 'node:crypto';
import { createLocation, createToken } from '@factory/tenants';
import type { TenantFixture } from '@factory/tenants/testing';
import { describeWith } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cadastrar,
  definirFicha,
  entrada,
  expectError,
  insumoLinha,
  ok,
  type ProducaoApi,
  produtoLinha,
  startProducaoApi,
} from './producao-api.fixture.js';

// 07:30 UTC is 04:30 in São Paulo: before the 05:00 turn, so production day 2026-11-23.
const NOW = new Date('2026-11-24T07:30:00.000Z');
const URL = '/v1/producao/apontamentos';

describeWith(['postgres'], 'production records (POST /v1/producao/apontamentos, .../cancelamento)', () => {
  let api: ProducaoApi;
  let empresa: TenantFixture;
  let fabrica: string;
  let firstRecord: Record<string, unknown> & { id: string };
  const id = {} as Record<'tecido' | 'botao' | 'camiseta' | 'bone' | 'kit' | 'combo', string>;

  const post = (body: unknown, key: string | null = randomUUID(), token = empresa.token) =>
    api.send('POST', URL, token, body, key === null ? {} : { 'idempotency-key': key });
  const cancel = (apontamento: string, body?: unknown) =>
    api.send('POST', `${URL}/${apontamento}/cancelamento`, empresa.token, body);

  /** Balance per item at the factory, from the log (the write side's truth, no projection lag). */
  async function balances(): Promise<Record<string, number>> {
    const { rows } = await api.db.pool.query<{ insumo: string; saldo: string }>(
      `SELECT DISTINCT ON (e.data->>'insumo_id') e.data->>'insumo_id' AS insumo, e.data->>'saldo' AS saldo
         FROM events e
        WHERE e.type IN ('MovimentoRegistrado.v1', 'MovimentoEstornado.v1') AND e.data->>'local_id' = $1
        ORDER BY e.data->>'insumo_id', e.stream_revision DESC`,
      [fabrica],
    );
    return Object.fromEntries(rows.map((r) => [r.insumo, Number(r.saldo)]));
  }
  const count = async (type: string) =>
    (await api.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE type = $1', [type]))
      .rows[0]!.n;

  beforeAll(async () => {
    api = await startProducaoApi(NOW);
    empresa = await api.tenant([
      ...['produtos', 'insumos', 'fichas', 'estoque', 'producao'].map((r) => `${r}:escrever`),
      'custos:ler',
    ]);
    const t = empresa.token;
    fabrica = empresa.locais[1]!.id;
    id.tecido = await cadastrar(api, 'insumos', t, {
      nome: 'Tecido',
      unidade_compra: 'rolo',
      unidade_consumo: 'm',
      fator_conversao: 50,
      custo_referencia: 3,
    });
    id.botao = await cadastrar(api, 'insumos', t, {
      nome: 'Botão',
      unidade_compra: 'cx',
      unidade_consumo: 'un',
      fator_conversao: 100,
    });
    id.camiseta = await cadastrar(api, 'produtos', t, { nome: 'Camiseta' });
    id.bone = await cadastrar(api, 'produtos', t, { nome: 'Boné' });
    id.kit = await cadastrar(api, 'produtos', t, { nome: 'Kit', tipo: 'kit' });
    id.combo = await cadastrar(api, 'produtos', t, { nome: 'Combo', tipo: 'kit' });
    await definirFicha(api, t, id.camiseta, [
      insumoLinha(id.tecido, 1.2, { perda_pct: 0.1 }),
      insumoLinha(id.botao, 6),
    ]);
    await definirFicha(api, t, id.kit, [produtoLinha(id.camiseta, 2), insumoLinha(id.botao, 1)]);
    await definirFicha(api, t, id.combo, [produtoLinha(id.kit, 1), produtoLinha(id.bone, 1)]);
    await entrada(api, t, id.tecido, fabrica, 100, 4);
    await entrada(api, t, id.botao, fabrica, 500, 0.5);
  });

  it('posts one baixa_producao per supply item, summed across levels, valued at the average, with the record', async () => {
    const before = await balances();
    const res = await post({ produto_id: id.kit, quantidade: 3, local_id: fabrica, referencia: 'OP-7' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    firstRecord = body;
    expect(body).toEqual({
      id: expect.any(String),
      produto_id: id.kit,
      quantidade: 3,
      local_id: fabrica,
      dia: '2026-11-23',
      referencia: 'OP-7',
      motivo: null,
      estado: 'registrado',
      // 39 buttons at 0.5 and 7.92 m at 4
      custo: 51.18,
      movimentos: [expect.any(String), expect.any(String)],
      criado_em: '2026-11-24T07:30:00.000+00:00',
      atualizado_em: '2026-11-24T07:30:00.000+00:00',
    });
    const { rows } = await api.db.pool.query(
      `SELECT e.event_id::text AS id, e.data->>'insumo_id' AS insumo_id, e.data->>'quantidade' AS quantidade,
              e.data->>'custo_unitario' AS custo, e.data->>'referencia' AS referencia, e.data->>'origem' AS origem,
              e.data->>'tipo' AS tipo
         FROM events e WHERE e.event_id = ANY($1::uuid[]) ORDER BY e.data->>'quantidade'`,
      [body.movimentos],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(String),
          insumo_id: id.botao,
          quantidade: '-39',
          custo: '0.5',
          referencia: body.id,
          origem: 'producao',
          tipo: 'baixa_producao',
        },
        {
          id: expect.any(String),
          insumo_id: id.tecido,
          quantidade: '-7.92',
          custo: '4',
          referencia: body.id,
          origem: 'producao',
          tipo: 'baixa_producao',
        },
      ]),
    );
    expect(await balances()).toEqual({
      [id.tecido]: before[id.tecido]! - 7.92,
      [id.botao]: before[id.botao]! - 39,
    });
    // The record, its movements and its key's answer committed in one statement: one transaction.
    const tx = await api.db.pool.query(
      'SELECT count(DISTINCT tx_id)::int AS n FROM events WHERE event_id = ANY($1::uuid[]) OR event_id = $2::uuid',
      [body.movimentos, body.id],
    );
    expect(tx.rows[0].n).toBe(1);
    expect(Number(res.headers['x-posicao-log'])).toBeGreaterThan(0);
  });

  it('posts once for 64 parallel identical requests with one Idempotency-Key', async () => {
    const key = `apontamento-${randomUUID()}`;
    const records = await count('ApontamentoRegistrado.v1');
    const before = await balances();
    const answers = await Promise.all(
      Array.from({ length: 64 }, () =>
        post({ produto_id: id.camiseta, quantidade: 1, local_id: fabrica }, key),
      ),
    );
    const bodies = new Set(answers.map((a) => a.body));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    expect(bodies.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotency-replayed'] === 'true')).toHaveLength(63);
    expect(await count('ApontamentoRegistrado.v1')).toBe(records + 1);
    const after = await balances();
    expect(after[id.tecido]).toBeCloseTo(before[id.tecido]! - 1.32, 10);
    expect(after[id.botao]).toBe(before[id.botao]! - 6);
  });

  it('requires an Idempotency-Key, and refuses a key reused with another body', async () => {
    const body = { produto_id: id.camiseta, quantidade: 1, local_id: fabrica };
    expectError(await post(body, null), 400, 'parametro_invalido', 'Idempotency-Key');
    const key = randomUUID();
    expect((await post(body, key)).statusCode).toBe(201);
    expectError(await post({ ...body, quantidade: 2 }, key), 409, 'chave_idempotencia_reutilizada');
  });

  describe('refuses, writing nothing', () => {
    const line = () => ({ produto_id: id.camiseta, quantidade: 1, local_id: fabrica });
    let records: number;
    let movements: number;
    beforeAll(async () => {
      records = await count('ApontamentoRegistrado.v1');
      movements = await count('MovimentoRegistrado.v1');
    });
    const nothingWritten = async () => {
      expect(await count('ApontamentoRegistrado.v1')).toBe(records);
      expect(await count('MovimentoRegistrado.v1')).toBe(movements);
    };

    it('a product without an active bill, or whose component has none: 409 naming it', async () => {
      const semFicha = await post({ ...line(), produto_id: id.bone });
      expectError(semFicha, 409, 'conflito');
      expect(semFicha.json().erro.mensagem).toContain(id.bone);
      const componente = await post({ ...line(), produto_id: id.combo });
      expectError(componente, 409, 'conflito');
      expect(componente.json().erro.mensagem).toContain(id.bone);
      await nothingWritten();
    });

    it('an unknown product, a quantity not above 0, an inactive location, a bad dia, long texts, unknown keys', async () => {
      expectError(await post({ ...line(), produto_id: randomUUID() }), 422, 'validacao', 'produto_id');
      expectError(await post({ ...line(), quantidade: 0 }), 422, 'validacao', 'quantidade');
      expectError(await post({ ...line(), quantidade: -1 }), 422, 'validacao', 'quantidade');
      const inativo = await createLocation(api.db.pool, {
        empresaId: empresa.empresaId,
        nome: 'Velho',
        tipo: 'fabrica',
        ativo: false,
      });
      expectError(await post({ ...line(), local_id: inativo }), 422, 'validacao', 'local_id');
      expectError(await post({ ...line(), local_id: randomUUID() }), 422, 'validacao', 'local_id');
      expectError(await post({ ...line(), dia: '2026-02-30' }), 422, 'validacao', 'dia');
      expectError(await post({ ...line(), referencia: 'x'.repeat(201) }), 422, 'validacao', 'referencia');
      expectError(await post({ ...line(), motivo: 'x'.repeat(501) }), 422, 'validacao', 'motivo');
      expectError(await post({ ...line(), cor: 'azul' }), 422, 'validacao');
      expectError(await post({ quantidade: 1, local_id: fabrica }), 422, 'validacao', 'produto_id');
      await nothingWritten();
    });

    it('a caller without a token or without producao:escrever', async () => {
      const res = await api.app.inject({ method: 'POST', url: URL, payload: line() });
      expectError(res, 401, 'token_ausente');
      const leitor = (
        await createToken(api.db.pool, {
          empresaId: empresa.empresaId,
          criadorId: empresa.usuarioId,
          nome: 'leitor',
          escopos: ['producao:ler'],
          now: NOW,
        })
      ).token;
      expectError(await post(line(), randomUUID(), leitor), 403, 'escopo_insuficiente');
      await nothingWritten();
    });
  });

  describe('cancellation', () => {
    it('reverses every movement (balances back where they were) and keeps what the record consumed after its bill changed', async () => {
      const before = await balances();
      const record = await ok(
        post({ produto_id: id.kit, quantidade: 2, local_id: fabrica, dia: '2026-11-20' }),
        201,
      );
      // The bill changes after the record was posted: the record keeps what it consumed.
      await definirFicha(api, empresa.token, id.camiseta, [insumoLinha(id.tecido, 5)]);
      api.clock.advance(60_000);
      const res = await cancel(record.id, { motivo: 'apontado em dobro' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        ...record,
        estado: 'cancelado',
        motivo: 'apontado em dobro',
        atualizado_em: '2026-11-24T07:31:00.000+00:00',
      });
      const after = await balances();
      expect(after[id.botao]).toBe(before[id.botao]);
      expect(after[id.tecido]).toBeCloseTo(before[id.tecido]!, 10);
      expect(await count('ApontamentoCancelado.v1')).toBeGreaterThan(0);
      api.clock.advance(-60_000);
      await definirFicha(api, empresa.token, id.camiseta, [
        insumoLinha(id.tecido, 1.2, { perda_pct: 0.1 }),
        insumoLinha(id.botao, 6),
      ]);
    });

    it('refuses a second cancellation (409) and an unknown record (404); needs no body', async () => {
      const record = await ok(post({ produto_id: id.camiseta, quantidade: 1, local_id: fabrica }), 201);
      expect(
        (
          await api.app.inject({
            method: 'POST',
            url: `${URL}/${record.id}/cancelamento`,
            headers: { authorization: `Bearer ${empresa.token}` },
          })
        ).statusCode,
      ).toBe(200);
      expectError(await cancel(record.id), 409, 'conflito');
      expectError(await cancel(randomUUID()), 404, 'nao_encontrado');
      expectError(await cancel('x'), 404, 'nao_encontrado');
    });

    it("refuses the reversal of one of a record's movements on its own (409 naming the record)", async () => {
      const record = await ok(post({ produto_id: id.camiseta, quantidade: 1, local_id: fabrica }), 201);
      const res = await api.send(
        'POST',
        `/v1/estoque/movimentos/${record.movimentos[0]}/estorno`,
        empresa.token,
      );
      expectError(res, 409, 'conflito');
      expect(res.json().erro.mensagem).toContain(record.id);
    });

    it('replays a cancellation under the same Idempotency-Key', async () => {
      const record = await ok(post({ produto_id: id.camiseta, quantidade: 1, local_id: fabrica }), 201);
      const key = { 'idempotency-key': randomUUID() };
      const first = await api.send('POST', `${URL}/${record.id}/cancelamento`, empresa.token, {}, key);
      const again = await api.send('POST', `${URL}/${record.id}/cancelamento`, empresa.token, {}, key);
      expect(first.statusCode).toBe(200);
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
    });
  });

  describe('reading (GET /v1/producao/apontamentos, .../{id})', () => {
    beforeAll(async () => {
      // Past the stabilisation window of every record written above.
      api.clock.advance(10 * 60_000);
      await api.projected();
    });
    const get = (url: string, token = empresa.token) => api.send('GET', url, token);

    it('lists every record once, ordered by atualizado_em then id, each as its by-id read', async () => {
      const all = await ok(get(`${URL}?limite=200`));
      expect(all.proximo_cursor).toBeNull();
      const { rows } = await api.db.pool.query(
        "SELECT count(*)::int AS n FROM events WHERE type = 'ApontamentoRegistrado.v1'",
      );
      expect(all.dados).toHaveLength(rows[0].n);
      const keys = all.dados.map((r: { atualizado_em: string; id: string }) => `${r.atualizado_em}|${r.id}`);
      expect(keys).toEqual([...keys].sort());
      expect(all.dados.find((r: { id: string }) => r.id === firstRecord.id)).toEqual(firstRecord);
      for (const row of all.dados) expect(await ok(get(`${URL}/${row.id}`))).toEqual(row);
      const paged = [];
      let cursor: string | null = null;
      do {
        const page: { dados: unknown[]; proximo_cursor: string | null } = await ok(
          get(`${URL}?limite=2${cursor ? `&cursor=${cursor}` : ''}`),
        );
        paged.push(...page.dados);
        cursor = page.proximo_cursor;
      } while (cursor);
      expect(paged).toEqual(all.dados);
    });

    it('filters by dia and produto_id, and shows a cancelled record as cancelado', async () => {
      const dia = await ok(get(`${URL}?dia=2026-11-20`));
      expect(dia.dados).toMatchObject([
        { dia: '2026-11-20', produto_id: id.kit, estado: 'cancelado', motivo: 'apontado em dobro' },
      ]);
      const kits = await ok(get(`${URL}?produto_id=${id.kit}`));
      expect(kits.dados.every((r: { produto_id: string }) => r.produto_id === id.kit)).toBe(true);
      expect(kits.dados.length).toBeGreaterThanOrEqual(2);
    });

    it('nulls custo without custos:ler', async () => {
      const leitor = (
        await createToken(api.db.pool, {
          empresaId: empresa.empresaId,
          criadorId: empresa.usuarioId,
          nome: 'sem custos',
          escopos: ['producao:ler'],
          now: api.clock.now(),
        })
      ).token;
      expect(await ok(get(`${URL}/${firstRecord.id}`, leitor))).toEqual({ ...firstRecord, custo: null });
    });

    it('refuses bad parameters, an unknown id and another company', async () => {
      expectError(await get(`${URL}?dia=2026-13-01`), 400, 'parametro_invalido', 'dia');
      expectError(await get(`${URL}?produto_id=x`), 400, 'parametro_invalido', 'produto_id');
      expectError(await get(`${URL}?estado=cancelado`), 400, 'parametro_invalido', 'estado');
      expectError(await get(`${URL}/${randomUUID()}`), 404, 'nao_encontrado');
      const outra = await api.tenant(['producao:ler']);
      expectError(await get(`${URL}/${firstRecord.id}`, outra.token), 404, 'nao_encontrado');
      expect((await ok(get(URL, outra.token))).dados).toEqual([]);
    });
  });
});
