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
const DIA = '2026-11-30';

describeWith(['postgres'], 'the day plan (GET /v1/producao/plano, PUT /v1/producao/plano/{dia})', () => {
  let api: ProducaoApi;
  let empresa: TenantFixture;
  let leitor: string;
  let fabrica: string;
  let deposito: string;
  const id = {} as Record<'tecido' | 'botao' | 'camiseta' | 'bone' | 'kit', string>;

  beforeAll(async () => {
    api = await startProducaoApi(NOW);
    empresa = await api.tenant();
    const t = empresa.token;
    leitor = (
      await createToken(api.db.pool, {
        empresaId: empresa.empresaId,
        criadorId: empresa.usuarioId,
        nome: 'leitor',
        escopos: ['producao:ler'],
        now: NOW,
      })
    ).token;
    deposito = empresa.locais[0]!.id;
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
    // Purchase-unit line: 0.024 rolls of 50 m is 1.2 m.
    await definirFicha(api, t, id.camiseta, [
      insumoLinha(id.tecido, 0.024, { unidade: 'rolo', perda_pct: 0.1 }),
      insumoLinha(id.botao, 6),
    ]);
    await definirFicha(api, t, id.kit, [
      produtoLinha(id.camiseta, 2),
      produtoLinha(id.bone, 1),
      insumoLinha(id.botao, 1),
    ]);
    await entrada(api, t, id.tecido, fabrica, 10, 4);
    await entrada(api, t, id.botao, fabrica, 20, 0.5);
    await api.projected();
  });

  const plano = (itens: unknown[]) => ({ itens });
  const put = (dia: string, body: unknown, token = empresa.token, headers: Record<string, string> = {}) =>
    api.send('PUT', `/v1/producao/plano/${dia}`, token, body, headers);

  function expectedNeeds() {
    const rows = [
      // kit × 3 at the factory: 6 shirts (1.2 m + 10 % each, 6 buttons each) and 3 buttons; the cap has no bill.
      {
        insumo_id: id.tecido,
        local_id: fabrica,
        quantidade: 7.92,
        unidade: 'm',
        saldo: 10,
        falta: 0,
        custo: 31.68,
      },
      {
        insumo_id: id.botao,
        local_id: fabrica,
        quantidade: 39,
        unidade: 'un',
        saldo: 20,
        falta: 19,
        custo: 19.5,
      },
      // 1 shirt at the depot, where nothing is in stock: the reference cost, else 0.
      {
        insumo_id: id.tecido,
        local_id: deposito,
        quantidade: 1.32,
        unidade: 'm',
        saldo: 0,
        falta: 1.32,
        custo: 3.96,
      },
      { insumo_id: id.botao, local_id: deposito, quantidade: 6, unidade: 'un', saldo: 0, falta: 6, custo: 0 },
    ];
    return rows.sort((a, b) => (a.insumo_id + a.local_id < b.insumo_id + b.local_id ? -1 : 1));
  }

  it('replaces the plan (versao 1), exploding every level per location, against balances, valued at average cost', async () => {
    const itens = [
      { produto_id: id.kit, quantidade: 3, local_id: fabrica.toUpperCase() },
      { produto_id: id.camiseta, quantidade: 1, local_id: deposito },
    ];
    const res = await put(DIA, plano(itens));
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.headers['x-posicao-log'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      dia: DIA,
      versao: 1,
      itens: [
        { produto_id: id.kit, quantidade: 3, local_id: fabrica },
        { produto_id: id.camiseta, quantidade: 1, local_id: deposito },
      ],
      necessidades: expectedNeeds(),
      atualizado_em: '2026-11-24T07:30:00.000+00:00',
    });
    await api.projected();
    expect(await ok(api.send('GET', `/v1/producao/plano?dia=${DIA}`, empresa.token))).toEqual(res.json());
  });

  it('nulls custo without custos:ler, and changes nothing else', async () => {
    await api.projected();
    const withCosts = await ok(api.send('GET', `/v1/producao/plano?dia=${DIA}`, empresa.token));
    const without = await ok(api.send('GET', `/v1/producao/plano?dia=${DIA}`, leitor));
    expect(without).toEqual({
      ...withCosts,
      necessidades: withCosts.necessidades.map((n: object) => ({ ...n, custo: null })),
    });
  });

  it('answers versao 0 and empty lists for a day never planned', async () => {
    expect(await ok(api.send('GET', '/v1/producao/plano?dia=2020-01-01', leitor))).toEqual({
      dia: '2020-01-01',
      versao: 0,
      itens: [],
      necessidades: [],
      atualizado_em: null,
    });
  });

  it('defaults dia to the current production day in the company zone and turn hour', async () => {
    const res = await ok(
      put('2026-11-23', plano([{ produto_id: id.camiseta, quantidade: 2, local_id: fabrica }])),
    );
    expect(res.versao).toBe(1);
    await api.projected();
    const today = await ok(api.send('GET', '/v1/producao/plano', leitor));
    expect(today).toMatchObject({
      dia: '2026-11-23',
      versao: 1,
      itens: [{ produto_id: id.camiseta, quantidade: 2 }],
    });
  });

  it('counts every replacement, and an empty plan has no needs', async () => {
    const dia = '2026-12-01';
    await ok(put(dia, plano([{ produto_id: id.camiseta, quantidade: 1, local_id: fabrica }])));
    expect(await ok(put(dia, plano([])))).toMatchObject({ versao: 2, itens: [], necessidades: [] });
  });

  it('replays a repeated Idempotency-Key and refuses it with another body', async () => {
    const dia = '2026-12-02';
    const key = { 'idempotency-key': `plano-${randomUUID()}` };
    const body = plano([{ produto_id: id.camiseta, quantidade: 1, local_id: fabrica }]);
    const first = await put(dia, body, empresa.token, key);
    const again = await put(dia, body, empresa.token, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expectError(await put(dia, plano([]), empresa.token, key), 409, 'chave_idempotencia_reutilizada');
    expect(await ok(put(dia, body))).toMatchObject({ versao: 2 });
  });

  describe('refuses, writing nothing', () => {
    const dia = '2026-12-24';
    const line = () => ({ produto_id: id.camiseta, quantidade: 1, local_id: fabrica });
    const expectUnplanned = async () => {
      await api.projected();
      expect(await ok(api.send('GET', `/v1/producao/plano?dia=${dia}`, empresa.token))).toMatchObject({
        versao: 0,
      });
    };

    it('a line naming a product without an active bill, deleted or unknown', async () => {
      expectError(
        await put(dia, plano([line(), { ...line(), produto_id: id.bone }])),
        422,
        'validacao',
        'itens[1].produto_id',
      );
      expectError(
        await put(dia, plano([{ ...line(), produto_id: randomUUID() }])),
        422,
        'validacao',
        'itens[0].produto_id',
      );
      expectError(
        await put(dia, plano([{ ...line(), produto_id: 'x' }])),
        422,
        'validacao',
        'itens[0].produto_id',
      );
      const apagado = await cadastrar(api, 'produtos', empresa.token, { nome: 'Apagado' });
      await definirFicha(api, empresa.token, apagado, [insumoLinha(id.botao, 1)]);
      await ok(api.send('DELETE', `/v1/produtos/${apagado}`, empresa.token));
      expectError(
        await put(dia, plano([{ ...line(), produto_id: apagado }])),
        422,
        'validacao',
        'itens[0].produto_id',
      );
      await expectUnplanned();
    });

    it('a quantity not above 0, an inactive or unknown location', async () => {
      expectError(
        await put(dia, plano([{ ...line(), quantidade: 0 }])),
        422,
        'validacao',
        'itens[0].quantidade',
      );
      expectError(
        await put(dia, plano([{ ...line(), quantidade: -2 }])),
        422,
        'validacao',
        'itens[0].quantidade',
      );
      expectError(
        await put(dia, plano([{ ...line(), quantidade: '1' }])),
        422,
        'validacao',
        'itens[0].quantidade',
      );
      const inativo = await createLocation(api.db.pool, {
        empresaId: empresa.empresaId,
        nome: 'Velho',
        tipo: 'deposito',
        ativo: false,
      });
      expectError(
        await put(dia, plano([{ ...line(), local_id: inativo }])),
        422,
        'validacao',
        'itens[0].local_id',
      );
      expectError(
        await put(dia, plano([{ ...line(), local_id: randomUUID() }])),
        422,
        'validacao',
        'itens[0].local_id',
      );
      await expectUnplanned();
    });

    it('a body without itens, with unknown keys, over 500 lines, or not JSON', async () => {
      expectError(await put(dia, {}), 422, 'validacao', 'itens');
      expectError(await put(dia, { itens: [], x: 1 }), 422, 'validacao');
      expectError(await put(dia, plano([{ ...line(), cor: 'azul' }])), 422, 'validacao');
      expectError(await put(dia, plano(Array.from({ length: 501 }, line))), 422, 'validacao', 'itens');
      const notJson = await api.app.inject({
        method: 'PUT',
        url: `/v1/producao/plano/${dia}`,
        headers: { authorization: `Bearer ${empresa.token}`, 'content-type': 'application/json' },
        payload: '{itens',
      });
      expectError(notJson, 400, 'corpo_invalido');
      await expectUnplanned();
    });

    it('a dia that is not a real date, in the path or the query', async () => {
      for (const bad of ['2026-02-30', '2026-1-01', 'amanha'])
        expectError(await put(bad, plano([line()])), 400, 'parametro_invalido', 'dia');
      for (const bad of ['2026-02-30', '30-11-2026', ''])
        expectError(
          await api.send('GET', `/v1/producao/plano?dia=${bad}`, leitor),
          400,
          'parametro_invalido',
          'dia',
        );
      expectError(
        await api.send('GET', '/v1/producao/plano?data=2026-11-30', leitor),
        400,
        'parametro_invalido',
        'data',
      );
    });

    it('a caller without a token, or without producao:escrever / producao:ler', async () => {
      const res = await api.app.inject({
        method: 'PUT',
        url: `/v1/producao/plano/${dia}`,
        payload: { itens: [] },
      });
      expectError(res, 401, 'token_ausente');
      expectError(await put(dia, plano([]), leitor), 403, 'escopo_insuficiente');
      const estoque = (
        await createToken(api.db.pool, {
          empresaId: empresa.empresaId,
          criadorId: empresa.usuarioId,
          nome: 'estoque',
          escopos: ['estoque:ler'],
          now: NOW,
        })
      ).token;
      expectError(await api.send('GET', '/v1/producao/plano', estoque), 403, 'escopo_insuficiente');
    });

    it("another company's products and locations, as unknown ones", async () => {
      const outra = await api.tenant();
      expectError(await put(dia, plano([line()]), outra.token), 422, 'validacao', 'itens[0].produto_id');
      expect(await ok(api.send('GET', `/v1/producao/plano?dia=${DIA}`, outra.token))).toMatchObject({
        versao: 0,
      });
    });
  });
});
