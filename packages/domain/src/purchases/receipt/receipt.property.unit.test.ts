import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  documento,
  FORNECEDOR_CNPJ,
  insumo,
  LOCAL,
  nfeItem,
  receber,
} from '../../../test/purchases/purchases.fixture.js';
import { insumoDefinido } from '../../../test/stock/stock.fixture.js';
import type { TaxProfile } from '../../company/tax-profile.js';
import type { StockCommand } from '../../stock/commands.js';
import { decideStock } from '../../stock/decide.js';
import { evolveStock, initialStockState, type StockState } from '../../stock/state.js';
import type { NfeItem } from '../nota-fiscal.js';
import type { InsumoParaCompra } from '../order/commands.js';
import { decideCancelarRecebimento } from './decide-cancelar-recebimento.js';
import { decideReceberNota } from './decide-receber-nota.js';
import { evolveNota, initialNotaState, type NotaState } from './nota-state.js';

// Receipts of random invoices against independent computations: exact bigint fractions, the
// contract's formulas written out again in integer ten-thousandths of a real, and the average
// cost as Σ(q × c) / Σ q over the entries still standing (all movements here are inflows, so
// the weighted average of every entry is what the stepwise rule must arrive at).

type Fraction = { n: bigint; d: bigint };
const frac = (text: string): Fraction => {
  const [whole = '0', decimals = ''] = text.replace('-', '').split('.');
  const sign = text.startsWith('-') ? -1n : 1n;
  return { n: sign * BigInt(whole + decimals), d: 10n ** BigInt(decimals.length) };
};
const add = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const sub = (a: Fraction, b: Fraction): Fraction => add(a, { n: -b.n, d: b.d });
const mul = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.n, d: a.d * b.d });
const div = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d, d: a.d * b.n });
/** |a − b| ≤ bound. */
const within = (a: Fraction, b: Fraction, bound: Fraction) => {
  const gap = sub(a, b);
  const abs: Fraction = { n: gap.n < 0n ? -gap.n : gap.n, d: gap.d < 0n ? -gap.d : gap.d };
  return abs.n * bound.d <= bound.n * abs.d;
};
/** |a − b| < 10^-places. */
const close = (a: Fraction, b: Fraction, places: number) => {
  const gap = sub(a, b);
  const abs = gap.n < 0n ? -gap.n : gap.n;
  return abs * 10n ** BigInt(places) < (gap.d < 0n ? -gap.d : gap.d);
};
const ZERO: Fraction = { n: 0n, d: 1n };

const SUPPLY: Record<string, InsumoParaCompra> = {
  'insumo-a': insumo({ unidade_compra: 'cx', unidade_consumo: 'un', fator_conversao: '12' }),
  'insumo-b': insumo({ unidade_compra: 'lata', unidade_consumo: 'l', fator_conversao: '3' }),
  'insumo-c': insumo({ unidade_compra: 'kg', unidade_consumo: 'g', fator_conversao: '0.5' }),
};
const IDS = Object.keys(SUPPLY);

const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => (c / 100).toFixed(2));

/** An item whose money stays small enough that Σ quantities × 0.5e-6 stays under half a cent. */
const item = (nItem: number) =>
  fc
    .record({
      qCom: fc.integer({ min: 1, max: 400_000 }).map((u) => (u / 10_000).toFixed(4)),
      vProdCents: fc.integer({ min: 0, max: 500_000 }),
      vFrete: cents(5_000),
      vSeg: cents(1_000),
      vOutro: cents(1_000),
      vDescShare: fc.integer({ min: 0, max: 30 }),
      vIPI: cents(20_000),
      vICMS: cents(60_000),
      vICMSST: cents(10_000),
      vFCPST: cents(2_000),
      vCredICMSSN: cents(5_000),
    })
    .map(
      (v): NfeItem =>
        nfeItem(nItem, {
          cProd: `C-${nItem}`,
          qCom: v.qCom,
          vProd: (v.vProdCents / 100).toFixed(2),
          vFrete: v.vFrete,
          vSeg: v.vSeg,
          vOutro: v.vOutro,
          // A discount of at most 30 % of the goods, in whole cents.
          vDesc: (Math.floor((v.vProdCents * v.vDescShare) / 100) / 100).toFixed(2),
          vIPI: v.vIPI,
          icms: { vICMS: v.vICMS, vICMSST: v.vICMSST, vFCPST: v.vFCPST, vCredICMSSN: v.vCredICMSSN },
        }),
    );

const invoice = fc
  .record({
    count: fc.integer({ min: 1, max: 20 }),
    crt: fc.constantFrom(1, 2, 3),
    regime: fc.constantFrom('simples', 'presumido', 'real') as fc.Arbitrary<TaxProfile['regimeTributario']>,
    ipi: fc.boolean(),
  })
  .chain(({ count, crt, regime, ipi }) =>
    fc.record({
      itens: fc.tuple(...Array.from({ length: count }, (_, i) => item(i + 1))),
      links: fc.array(
        fc.record({ insumo: fc.constantFrom(...IDS), fator: fc.constantFrom('1', '12', '0.5', '3') }),
        {
          minLength: count,
          maxLength: count,
        },
      ),
      crt: fc.constant(crt),
      perfil: fc.constant({ regimeTributario: regime, contribuinteIpi: ipi }),
    }),
  );

/** The contract's liquido, written out again in exact fractions. */
function expectedLiquido(it: NfeItem, crt: number, perfil: TaxProfile): Fraction {
  const f = (t: string) => frac(t);
  const mercadoria = sub(add(add(add(f(it.vProd), f(it.vFrete)), f(it.vSeg)), f(it.vOutro)), f(it.vDesc));
  const bruto = add(add(add(mercadoria, f(it.vIPI)), f(it.icms.vICMSST)), f(it.icms.vFCPST));
  let credits = ZERO;
  if (perfil.regimeTributario !== 'simples')
    credits = add(credits, crt === 3 ? f(it.icms.vICMS) : f(it.icms.vCredICMSSN));
  if (perfil.contribuinteIpi) credits = add(credits, f(it.vIPI));
  if (perfil.regimeTributario === 'real') {
    const base = sub(mercadoria, f(it.icms.vICMS));
    if (base.n > 0n) credits = add(credits, mul(base, frac('0.0925')));
  }
  const liquido = sub(bruto, credits);
  return liquido.n > 0n ? liquido : ZERO;
}

describe('receipts of random invoices', () => {
  it('the movements are worth the items net totals, to the cent', () => {
    fc.assert(
      fc.property(invoice, ({ itens, links, crt, perfil }) => {
        const doc = documento(itens, { emit: { cnpj: FORNECEDOR_CNPJ, crt } });
        const vinculos = links.map((l, i) => ({ n_item: i + 1, insumo_id: l.insumo, fator: l.fator }));
        const result = decideReceberNota(
          receber(doc, { vinculos }, { perfil, insumos: new Map(Object.entries(SUPPLY)) }),
        );
        if (!result.ok) throw new Error(JSON.stringify(result.error));
        const movements = result.value.movimentos.reduce(
          (sum, m) => add(sum, mul(frac(String(m.data.quantidade)), frac(String(m.data.custo_unitario)))),
          ZERO,
        );
        const net = itens.reduce((sum, it) => add(sum, expectedLiquido(it, crt, perfil)), ZERO);
        // Σ quantities ≤ 20 × 40 × 12 = 9,600 units, each unit cost within 0.5e-6: under half a cent.
        expect(within(movements, net, frac('0.005'))).toBe(true);
        const recorded = result.value.nota.data.itens.reduce(
          (sum, i) => add(sum, frac(i.valor_liquido)),
          ZERO,
        );
        expect(close(recorded, net, 20)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the average cost after each receipt (and cancellation) equals Σ(q × c) / Σ q of the entries standing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ invoice, cancel: fc.option(fc.nat(), { nil: null }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        (steps) => {
          const stocks = new Map<string, StockState>(
            IDS.map((id) => {
              const s = SUPPLY[id] as InsumoParaCompra;
              const defined = insumoDefinido({
                insumo_id: id,
                unidade_compra: s.unidade_compra,
                unidade_consumo: s.unidade_consumo,
                fator_conversao: String(s.fator_conversao),
              });
              return [id, evolveStock(initialStockState(), defined)];
            }),
          );
          const run = (command: StockCommand) => {
            const id = command.data.insumo_id;
            const decision = decideStock(command, stocks.get(id) as StockState);
            if (!decision.ok) throw new Error(JSON.stringify(decision.error));
            stocks.set(id, decision.events.reduce(evolveStock, stocks.get(id) as StockState));
          };
          const standing: {
            nota: string;
            chave: NotaState;
            entries: { id: string; q: string; c: string; cb: string }[];
          }[] = [];
          for (const [n, step] of steps.entries()) {
            const { itens, links, crt, perfil } = step.invoice;
            const chave = `${String(n).padStart(43, '0')}${n % 10}`;
            const doc = documento(itens, { chave, emit: { cnpj: FORNECEDOR_CNPJ, crt } });
            const vinculos = links.map((l, i) => ({ n_item: i + 1, insumo_id: l.insumo, fator: l.fator }));
            const nota_id = `nota-${n}`;
            const movimento_ids = itens.map((_, i) => `mov-${n}-${i}`);
            const result = decideReceberNota(
              receber(
                doc,
                { vinculos, nota_id, movimento_ids },
                { perfil, insumos: new Map(Object.entries(SUPPLY)) },
              ),
            );
            if (!result.ok) throw new Error(JSON.stringify(result.error));
            result.value.movimentos.forEach(run);
            standing.push({
              nota: nota_id,
              chave: evolveNota(initialNotaState(), result.value.nota),
              entries: result.value.movimentos.map((m) => ({
                id: m.data.insumo_id,
                q: String(m.data.quantidade),
                c: String(m.data.custo_unitario),
                cb: String(m.data.custo_unitario_bruto),
              })),
            });
            if (step.cancel !== null && standing.length > 0) {
              const [victim] = standing.splice(step.cancel % standing.length, 1);
              if (!victim) throw new Error('unreachable');
              const cancel = decideCancelarRecebimento(
                {
                  type: 'CancelarRecebimento',
                  data: {
                    nota_id: victim.nota,
                    estorno_ids: victim.entries.map((_, i) => `est-${victim.nota}-${i}`),
                    agora: 'x',
                  },
                  context: { estornados: new Set(), pedido: null },
                },
                victim.chave,
              );
              if (!cancel.ok) throw new Error(JSON.stringify(cancel.error));
              cancel.value.estornos.forEach(run);
            }
            for (const id of IDS) {
              const entries = standing.flatMap((s) => s.entries).filter((e) => e.id === id);
              const balance = (stocks.get(id) as StockState).locations.get(LOCAL);
              const quantity = entries.reduce((sum, e) => add(sum, frac(e.q)), ZERO);
              if (!balance) continue;
              expect(close(frac(balance.saldo), quantity, 20)).toBe(true);
              if (quantity.n === 0n) continue;
              const value = entries.reduce((sum, e) => add(sum, mul(frac(e.q), frac(e.c))), ZERO);
              const valueBruto = entries.reduce((sum, e) => add(sum, mul(frac(e.q), frac(e.cb))), ZERO);
              // The stock keeps averages to 16 places, and a reversal divides by what remains, so
              // a tiny remainder magnifies that rounding per unit: the stock's value at its
              // average is what must equal the entries' value (to 1e-12 reais).
              expect(
                close(mul(frac(balance.custoMedio), quantity), value, 12),
                `${id}: ${balance.custoMedio}`,
              ).toBe(true);
              expect(
                close(mul(frac(balance.custoMedioBruto), quantity), valueBruto, 12),
                `${id}: ${balance.custoMedioBruto}`,
              ).toBe(true);
              expect(close(frac(balance.custoMedio), div(value, quantity), 6)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
