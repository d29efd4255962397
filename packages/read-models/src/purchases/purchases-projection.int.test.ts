import { randomUUID } from 'node:crypto';
import { inTransaction } from '@factory/database';
import type { EventStore } from '@factory/event-store';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { startFollowingProjector } from '../../test/projector/following-projector.fixture.js';
import { PurchasesWriter } from '../../test/purchases/purchases-writer.fixture.js';
import { liveTarget } from '../projector/projection.js';
import { waitUntilCaughtUp } from '../projector/wait-for-projection.js';
import { listLinks } from './links-query.js';
import { findNota } from './notas-query.js';
import { findOrder } from './orders-query.js';
import { PURCHASES_TABLES, purchasesProjection } from './purchases-projection.js';

const T0 = Date.parse('2026-03-01T12:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const keyText = (s: number) => at(s).replace(/\.(\d{3})Z$/, '.$1000Z');

describeWith(['postgres'], 'purchases projection', () => {
  let db: TestDatabase;
  let store: EventStore;
  const writer = () => new PurchasesWriter(store, randomUUID());
  const settled = () => waitUntilCaughtUp(db.pool, store, purchasesProjection.name, { timeoutMs: 20_000 });

  beforeAll(async () => {
    db = await createTestDatabase();
    store = startFollowingProjector(db, { pollIntervalMs: 50 });
  });

  it('keeps an order as its events decided: lines in order, received sums, state, total', async () => {
    const w = writer();
    const pedido = await w.pedido(at(1), {
      numero: 1,
      condicao_pagamento: [30, 60],
      observacao: 'manhã',
      itens: [
        { quantidade: '60', preco_unitario: '38.5' },
        { quantidade: '10.5', preco_unitario: '2.333' },
      ],
    });
    const nota1 = randomUUID();
    const nota2 = randomUUID();
    await w.atender(at(2), pedido, nota1, [[0, '30']], 'parcial');
    await w.atender(
      at(3),
      pedido,
      nota2,
      [
        [0, '30.5'],
        [1, '10.5'],
      ],
      'recebido',
    );
    await settled();
    const order = await findOrder(db.pool, w.empresaId, pedido.pedido_id);
    expect(order).toMatchObject({
      numero: 1,
      situacao: 'recebido',
      condicao_pagamento: [30, 60],
      observacao: 'manhã',
      valor_total: '2334.50', // 60 × 38.5 + 10.5 × 2.333 = 2334.4965, to the cent
      motivo_cancelamento: null,
      criado_em: keyText(1),
      atualizado_em: keyText(3),
    });
    expect(order!.itens.map((i) => [i.id, i.quantidade, i.preco_unitario, i.quantidade_recebida])).toEqual([
      [pedido.itens[0]!.item_id, '60', '38.5', '60.5'],
      [pedido.itens[1]!.item_id, '10.5', '2.333', '10.5'],
    ]);

    // The second receipt is cancelled, then the order: quantities come back off, the state stays.
    await w.desfazer(
      at(4),
      pedido,
      nota2,
      [
        [0, '30.5'],
        [1, '10.5'],
      ],
      'parcial',
    );
    await w.cancelarPedido(at(5), pedido.pedido_id, 'fornecedor sem estoque');
    await w.desfazer(at(6), pedido, nota1, [[0, '30']], 'cancelado');
    await settled();
    const cancelled = await findOrder(db.pool, w.empresaId, pedido.pedido_id);
    expect(cancelled).toMatchObject({
      situacao: 'cancelado',
      motivo_cancelamento: 'fornecedor sem estoque',
      atualizado_em: keyText(6),
    });
    expect(cancelled!.itens.map((i) => i.quantidade_recebida)).toEqual(['0', '0']);
  });

  it('gives no total to an order with a line without price', async () => {
    const w = writer();
    const pedido = await w.pedido(at(1), {
      numero: 7,
      itens: [{ quantidade: '1', preco_unitario: '10' }, { quantidade: '2' }],
    });
    await settled();
    expect(await findOrder(db.pool, w.empresaId, pedido.pedido_id)).toMatchObject({
      valor_total: null,
      situacao: 'aberto',
      condicao_pagamento: null,
    });
    expect(await findOrder(db.pool, randomUUID(), pedido.pedido_id)).toBeNull();
  });

  it('keeps invoices with their items in nItem order, and marks a cancelled one', async () => {
    const w = writer();
    const nota = await w.receber(at(1), {
      itens: [
        { codigo: 'A', quantidade: '30.0000' },
        { codigo: 'B', ncm: null, cfop: null },
      ],
    });
    await w.cancelarNota(at(2), nota);
    const again = await w.receber(at(3), { chave: nota.chave });
    await settled();
    const first = await findNota(db.pool, w.empresaId, nota.nota_id);
    expect(first).toMatchObject({
      chave: nota.chave,
      situacao: 'cancelada',
      valor_total: '1296.75',
      criado_em: keyText(1),
      atualizado_em: keyText(2),
    });
    expect(first!.itens.map((i) => [i.n_item, i.codigo, i.quantidade, i.ncm, i.custo_unitario])).toEqual([
      [1, 'A', '30.0000', '60063200', '11.230417'],
      [2, 'B', '30.0000', null, '11.230417'],
    ]);
    expect(await findNota(db.pool, w.empresaId, again.nota_id)).toMatchObject({
      chave: nota.chave,
      situacao: 'recebida',
    });
  });

  it('keeps the last link of each code, by code, and drops a removed one', async () => {
    const w = writer();
    const fornecedor = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    await w.vinculo(at(1), fornecedor, 'b-2', a, '1');
    await w.vinculo(at(2), fornecedor, 'B-10', a, '3.2');
    await w.vinculo(at(3), fornecedor, 'b-2', b, '50');
    await w.vinculo(at(4), fornecedor, 'zz', b, '1');
    await w.removerVinculo(at(5), fornecedor, 'zz');
    await w.vinculo(at(1), randomUUID(), 'b-2', a, '1'); // another supplier's
    await settled();
    const rows = await listLinks(db.pool, {
      empresaId: w.empresaId,
      filters: { fornecedorId: fornecedor },
      window: { now: new Date(T0 + 3_600_000), windowSeconds: 30 },
      after: null,
      limit: 10,
    });
    expect(rows.map((r) => [r.codigo, r.insumo_id, r.fator, r.atualizado_em])).toEqual([
      ['B-10', a, '3.2', keyText(2)],
      ['b-2', b, '50', keyText(3)],
    ]);
  });

  it('applying the whole log again leaves every row as it is', async () => {
    const w = writer();
    const pedido = await w.pedido(at(1), { numero: 2, itens: [{ quantidade: '5', preco_unitario: '1' }] });
    const nota = await w.receber(at(2), { pedido_id: pedido.pedido_id });
    await w.atender(at(2), pedido, nota.nota_id, [[0, '5']], 'recebido');
    await w.vinculo(at(3), nota.fornecedor_id, 'X', randomUUID(), '2');
    await settled();
    const dump = async () => {
      const tables: Record<string, string[]> = {};
      for (const table of PURCHASES_TABLES)
        tables[table] = (
          await db.pool.query<{ row: string }>(
            `SELECT row_to_json(t)::text AS row FROM ${table} t ORDER BY 1`,
          )
        ).rows.map((r) => r.row);
      return tables;
    };
    const before = await dump();
    const events = (await store.readAll({ limit: 100_000 })).filter((e) =>
      purchasesProjection.handles.includes(e.type),
    );
    await inTransaction(db.pool, (client) =>
      purchasesProjection.apply(client, events, liveTarget(purchasesProjection)),
    );
    expect(await dump()).toEqual(before);
    expect(before.compras_pedido_itens!.length).toBeGreaterThan(0);
  });
});
