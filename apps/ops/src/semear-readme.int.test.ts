import { readFileSync } from 'node:fs';
import { listNotas, listOrders } from '@factory/read-models';
import { createTestDatabase, describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { ops } from '../test/run-cli.fixture.js';

// Issue 23: the README's own sample-data command crashed ("streams moved meanwhile": its bills,
// 16 in flight on the company's relations fence, gave up). Run here as the README prints it,
// read from the README itself, with one change: fewer movements, to keep CI short. The catalog
// (the part that contends: bills and variation groups on the fence) is written first and
// entirely, at the README's sizes; movements come after it and never touch the fence.
const README = new URL('../../../README.md', import.meta.url);
const CI_MOVEMENTS = '1000';

describeWith(['postgres'], 'semear as the README prints it', () => {
  it('writes the README sample catalog (200 products, 500 supply items, 20 suppliers) and purchases, and exits 0', async () => {
    const printed = /`npm run ops -- (semear [^`]+)`/.exec(readFileSync(README, 'utf8'))?.[1];
    expect(printed, 'the README shows a semear command').toBeDefined();
    const args = printed!.split(/\s+/);
    const at = args.indexOf('--movimentos');
    expect(at).toBeGreaterThan(0);
    args[at + 1] = CI_MOVEMENTS;
    const db = await createTestDatabase();

    const run = await ops(args, { DATABASE_URL: db.url });

    expect(run.stderr).not.toMatch(/erro/);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\d+ eventos em [\d.]+ s/);
    const sizes = Object.fromEntries(
      ['produtos', 'insumos', 'fornecedores'].map((what) => [
        what,
        Number(args[args.indexOf(`--${what}`) + 1]),
      ]),
    );
    const { rows } = await db.pool.query<{
      produtos: number;
      insumos: number;
      fornecedores: number;
      fichas: number;
    }>(
      `SELECT (SELECT count(*)::int FROM catalog_products) AS produtos,
              (SELECT count(*)::int FROM catalog_supply_items) AS insumos,
              (SELECT count(*)::int FROM catalog_suppliers) AS fornecedores,
              (SELECT count(*)::int FROM catalog_products WHERE ficha_versao IS NOT NULL) AS fichas`,
    );
    expect(rows[0]).toMatchObject(sizes);
    expect(rows[0]!.fichas).toBeGreaterThan(0);

    // semear returns once the projections caught up: a newcomer's first read of the purchases
    // lists (compras.md, "Operations") shows orders in every state and received invoices.
    const empresaId = /^empresa ([0-9a-f-]{36}) /m.exec(run.stdout)?.[1];
    expect(empresaId, run.stdout).toBeDefined();
    const page = { empresaId: empresaId!, filters: {}, window: { now: new Date(), windowSeconds: 30 } };
    const pedidos = await listOrders(db.pool, { ...page, after: null, limit: 500 });
    expect(new Set(pedidos.map((p) => p.situacao))).toEqual(
      new Set(['aberto', 'parcial', 'recebido', 'cancelado']),
    );
    const notas = await listNotas(db.pool, { ...page, after: null, limit: 500 });
    expect(notas.length).toBeGreaterThanOrEqual(pedidos.length);
    expect(notas.filter((n) => n.pedido_id !== null).map((n) => n.pedido_id)).toEqual(
      expect.arrayContaining(pedidos.filter((p) => p.situacao !== 'aberto').map((p) => p.id)),
    );
    // The seed's company recovers taxes: each item's net cost is below its cost with entry taxes.
    const itens = notas.flatMap((n) => n.itens);
    expect(itens.length).toBeGreaterThan(0);
    expect(itens.filter((i) => Number(i.custo_unitario) < Number(i.custo_unitario_bruto))).toEqual(itens);
  }, 300_000);
});
