import { randomUUID } from 'node:crypto';
import type { TenantFixture } from '@factory/tenants/testing';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  cadastrar,
  definirFicha,
  ESCOPOS,
  entrada,
  insumoLinha,
  ok,
  type ProducaoApi,
  produtoLinha,
  startProducaoApi,
} from './producao-api.fixture.js';

/** A seeded generator, so a failing run can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Line = { insumo?: number; produto?: number; consumo: number; perda: number };

// Random three-level bills (products 0-1 use supply items only, 2-3 also products 0-1, 4-5 also
// 2-3), random entries and records at two locations, some records cancelled. After them, every
// location's balance equals an independent computation (entries minus each kept record's own
// explosion, summed in plain arithmetic), and every baixa_producao is valued at the average in
// force at its position in the ledger, refolded from the log apart from the service.
describeWith(['postgres'], 'production records, property: balances and baixa valuation', () => {
  let api: ProducaoApi;
  let empresa: TenantFixture;

  beforeAll(async () => {
    api = await startProducaoApi(new Date());
    empresa = await api.tenant(ESCOPOS);
  });

  for (const seed of [3, 17]) {
    it(`holds for seed ${seed}`, async () => {
      const next = random(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
      const t = empresa.token;
      const locais = empresa.locais.map((l) => l.id);
      const insumos: string[] = [];
      for (let i = 0; i < 5; i++)
        insumos.push(
          await cadastrar(api, 'insumos', t, {
            nome: `I${i}`,
            unidade_compra: 'cx',
            unidade_consumo: 'un',
            fator_conversao: 10,
            custo_referencia: 1,
          }),
        );
      const produtos: string[] = [];
      const bills: Line[][] = [];
      for (let p = 0; p < 6; p++) {
        produtos.push(await cadastrar(api, 'produtos', t, { nome: `P${p}` }));
        const lines: Line[] = [];
        const used = new Set<string>();
        const count = 1 + Math.floor(next() * 3);
        for (let l = 0; l < count; l++) {
          const consumo = Math.round((0.5 + next() * 3) * 100) / 100;
          const perda = pick([0, 0, 0.05, 0.1]);
          if (p >= 2 && next() < 0.5) {
            const c = p >= 4 ? pick([0, 1, 2, 3]) : pick([0, 1]);
            if (used.has(`p${c}`)) continue;
            used.add(`p${c}`);
            lines.push({ produto: c, consumo, perda });
          } else {
            const i = Math.floor(next() * insumos.length);
            if (used.has(`i${i}`)) continue;
            used.add(`i${i}`);
            lines.push({ insumo: i, consumo, perda });
          }
        }
        bills.push(lines);
        await definirFicha(
          api,
          t,
          produtos[p]!,
          lines.map((l) =>
            l.insumo !== undefined
              ? insumoLinha(insumos[l.insumo]!, l.consumo, { perda_pct: l.perda })
              : produtoLinha(produtos[l.produto!]!, l.consumo, { perda_pct: l.perda }),
          ),
        );
      }
      /** The independent explosion: item index → quantity for `units` of product `p`. */
      const explode = (p: number, units: number, into = new Map<number, number>()) => {
        for (const l of bills[p]!) {
          const q = units * l.consumo * (1 + l.perda);
          if (l.insumo !== undefined) into.set(l.insumo, (into.get(l.insumo) ?? 0) + q);
          else explode(l.produto!, q, into);
        }
        return into;
      };

      const expected = new Map<string, number>();
      const add = (i: number, local: string, q: number) => {
        const key = `${insumos[i]}|${local}`;
        expected.set(key, (expected.get(key) ?? 0) + q);
      };
      for (let step = 0; step < 30; step++) {
        const local = pick(locais);
        if (next() < 0.4) {
          const i = Math.floor(next() * insumos.length);
          const q = 1 + Math.floor(next() * 40);
          await entrada(api, t, insumos[i]!, local, q, Math.round((0.5 + next() * 9) * 100) / 100);
          add(i, local, q);
        } else {
          const p = Math.floor(next() * produtos.length);
          const units = 1 + Math.floor(next() * 4);
          const record = await ok(
            api.send(
              'POST',
              '/v1/producao/apontamentos',
              t,
              { produto_id: produtos[p], quantidade: units, local_id: local },
              { 'idempotency-key': randomUUID() },
            ),
            201,
          );
          if (next() < 0.25) {
            await ok(api.send('POST', `/v1/producao/apontamentos/${record.id}/cancelamento`, t));
          } else {
            for (const [i, q] of explode(p, units)) add(i, local, -q);
          }
        }
      }

      // Refold the log per item stream, apart from the service: balances and averages per location.
      const { rows } = await api.db.pool.query<{ type: string; data: Record<string, string> }>(
        `SELECT type, data FROM events
          WHERE type IN ('MovimentoRegistrado.v1', 'MovimentoEstornado.v1') AND data->>'insumo_id' = ANY($1)
          ORDER BY stream_id, stream_revision`,
        [insumos],
      );
      const state = new Map<string, { saldo: number; medio: number }>();
      for (const { data } of rows) {
        const key = `${data.insumo_id}|${data.local_id}`;
        const s = state.get(key) ?? { saldo: 0, medio: 1 };
        const q = Number(data.quantidade);
        const c = Number(data.custo_unitario);
        if (data.tipo === 'baixa_producao') expect(c).toBeCloseTo(s.medio, 9);
        if (data.tipo === 'entrada_manual')
          s.medio = s.saldo > 0 && s.saldo + q > 0 ? (s.saldo * s.medio + q * c) / (s.saldo + q) : c;
        else if (data.tipo === 'estorno' && q > 0 && !(s.saldo > 0 && s.saldo + q > 0)) s.medio = c;
        else if (data.tipo === 'estorno' && q > 0) s.medio = (s.saldo * s.medio + q * c) / (s.saldo + q);
        s.saldo += q;
        expect(Number(data.saldo)).toBeCloseTo(s.saldo, 9);
        state.set(key, s);
      }
      for (const [key, q] of expected) expect(state.get(key)?.saldo ?? 0, key).toBeCloseTo(q, 9);
    }, 120_000);
  }
});
