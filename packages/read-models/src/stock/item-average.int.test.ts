import { randomUUID } from 'node:crypto';
import { acrossLocations, type LocationStock } from '@factory/domain';
import { exact, text } from '@factory/domain/exact';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { LIVE_SCHEMA } from '../projector/projection.js';
import type { BalanceChange } from './stock-rows.js';
import { writeBalances } from './write-stock-batch.js';

// estoque_itens is computed by set-based SQL (item-average-sql.ts); the rule is the domain's
// acrossLocations. For any balances, both must give the same item totals, to the last place.
describeWith(['postgres'], "estoque_itens follows the domain's item rule", () => {
  let db: TestDatabase;
  const empresa = randomUUID();
  const locais = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const instants = ['2025-03-01T12:00:00.000Z', '2025-03-01T12:00:01.000Z', '2025-03-01T12:00:02.000Z'];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  type Item = LocationStock[];

  /** Writes the items' balances as the stock projection does; returns the rows of estoque_itens. */
  async function project(items: Item[]) {
    const ids = items.map(() => randomUUID());
    const balances: BalanceChange[] = items.flatMap((locations, i) =>
      locations.map((l) => ({
        empresa_id: empresa,
        insumo_id: ids[i]!,
        local_id: l.localId,
        saldo: l.saldo,
        unidade: 'm',
        custo_medio: l.custoMedio,
        custo_medio_bruto: l.custoMedioBruto,
        criados_em: [l.movidoEm],
      })),
    );
    const client = await db.pool.connect();
    try {
      await writeBalances(client, LIVE_SCHEMA, {
        balances,
        items: ids.map((insumo_id) => ({ empresa_id: empresa, insumo_id })).sort(),
      });
    } finally {
      client.release();
    }
    const { rows } = await db.pool.query<{ insumo_id: string; saldo: string; medio: string; bruto: string }>(
      `SELECT insumo_id, saldo::text, custo_medio::text AS medio, custo_medio_bruto::text AS bruto
         FROM estoque_itens WHERE empresa_id = $1 AND insumo_id = ANY($2::uuid[])`,
      [empresa, ids],
    );
    const byId = new Map(rows.map((r) => [r.insumo_id, r]));
    return ids.map((id) => byId.get(id));
  }

  const canonical = (decimal: string) => text(exact(decimal));

  async function expectTheRule(items: Item[]) {
    const rows = await project(items);
    items.forEach((locations, i) => {
      const rule = acrossLocations(locations)!;
      const row = rows[i]!;
      expect({
        saldo: canonical(row.saldo),
        medio: canonical(row.medio),
        bruto: canonical(row.bruto),
      }).toEqual({
        saldo: canonical(rule.saldo),
        medio: canonical(rule.custoMedio),
        bruto: canonical(rule.custoMedioBruto),
      });
    });
  }

  const at = (local: number, saldo: string, custo: string, instant = 0, bruto = custo): LocationStock => ({
    localId: locais[local]!,
    saldo,
    custoMedio: custo,
    custoMedioBruto: bruto,
    movidoEm: instants[instant]!,
  });

  it('agrees on ties at the 17th place, large averages, and items without a positive balance', async () => {
    await expectTheRule([
      // 0.5e-16 and 1.5e-16: ties, to even (half away from zero would give 1e-16 and 2e-16).
      [at(0, '1', '0.0000000000000001'), at(1, '1', '0')],
      [at(0, '1', '0.0000000000000003'), at(1, '1', '0', 0, '0.0000000000000001')],
      // 100001 / 3: PostgreSQL's own division keeps 12 places only here (33333.666666666667).
      [at(0, '1', '100001'), at(1, '2', '0'), at(2, '-2', '1')],
      [at(0, '3', '15000.123'), at(1, '7', '12345.6789012345678901')],
      // No positive balance: the location moved last; on the same instant, the greater id.
      [at(0, '0', '5', 2), at(1, '-2', '7', 1), at(2, '0', '6', 2)],
      [at(3, '-1.5', '2.25', 0)],
    ]);
  });

  it('agrees for any balances and averages', async () => {
    const decimal = (min: bigint, max: bigint) =>
      fc
        .tuple(fc.bigInt(min, max), fc.integer({ min: 0, max: 16 }))
        .map(([units, scale]) => text({ units, scale }));
    const location = fc.record({
      local: fc.integer({ min: 0, max: locais.length - 1 }),
      saldo: fc.oneof(fc.constant('0'), decimal(-(10n ** 8n), 10n ** 8n)),
      custo: decimal(0n, 10n ** 20n),
      bruto: decimal(0n, 10n ** 20n),
      instant: fc.integer({ min: 0, max: instants.length - 1 }),
    });
    const item = fc
      .uniqueArray(location, { minLength: 1, maxLength: locais.length, selector: (l) => l.local })
      .map((ls) => ls.map((l) => at(l.local, l.saldo, l.custo, l.instant, l.bruto)));
    await fc.assert(fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 5 }), expectTheRule), {
      numRuns: 60,
    });
  });
});
