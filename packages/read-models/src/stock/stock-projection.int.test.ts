import { randomUUID } from 'node:crypto';
import { createPostgresEventStore, type EventStore, LOG_START } from '@factory/event-store';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { StockWriter } from '../../test/stock/stock-writer.fixture.js';
import { liveTarget } from '../projector/projection.js';
import { type Projector, startProjector } from '../projector/projector.js';
import { waitUntilCaughtUp } from '../projector/wait-for-projection.js';
import { stockProjection } from './stock-projection.js';

// Given stock events in the log, then these rows: copied facts, event times, zero balances kept.
describeWith(['postgres'], 'stock projection', () => {
  let db: TestDatabase;
  let store: EventStore;
  let projector: Projector;
  const empresa = randomUUID();
  const [localA, localB] = [randomUUID(), randomUUID()];
  let writer: StockWriter;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore({ pool: db.pool });
    writer = new StockWriter(store, empresa);
    projector = startProjector({ pool: db.pool, eventStore: store, projections: [stockProjection] });
  });
  afterAll(async () => {
    await projector.close();
    await store.close();
  });

  const caughtUp = () => waitUntilCaughtUp(db.pool, store, 'estoque');
  const at = (second: number) => `2025-03-01T12:00:${String(second).padStart(2, '0')}.000Z`;
  const balance = async (insumo: string, local: string) =>
    (
      await db.pool.query(
        `SELECT saldo::text, unidade, custo_medio::text, custo_medio_bruto::text, valor::text, atualizado_em
           FROM estoque_saldos WHERE empresa_id = $1 AND insumo_id = $2 AND local_id = $3`,
        [empresa, insumo, local],
      )
    ).rows[0];
  const item = async (insumo: string) =>
    (
      await db.pool.query(
        `SELECT saldo::text, custo_medio::text, custo_medio_bruto::text, atualizado_em
           FROM estoque_itens WHERE empresa_id = $1 AND insumo_id = $2`,
        [empresa, insumo],
      )
    ).rows[0];

  it('copies every movement with its company, decided unit cost and event time', async () => {
    const insumo = await writer.defineItem();
    const entrada = await writer.move(insumo, localA, 10, {
      custo_unitario: 5,
      referencia: 'NF 1',
      criado_em: at(1),
    });
    const perda = await writer.move(insumo, localA, -4, { motivo: 'quebra', criado_em: at(2) });
    const estorno = await writer.reverse(insumo, perda.data.movimento_id, at(3));
    await caughtUp();
    const { rows } = await db.pool.query(
      `SELECT empresa_id, id, insumo_id, local_id, tipo, quantidade::text, unidade, custo_unitario::text,
              referencia, motivo, origem, estornado_id, criado_em
         FROM estoque_movimentos WHERE insumo_id = $1 ORDER BY criado_em`,
      [insumo],
    );
    const base = { empresa_id: empresa, insumo_id: insumo, local_id: localA, unidade: 'm', origem: 'api' };
    expect(rows).toEqual([
      {
        ...base,
        id: entrada.data.movimento_id,
        tipo: 'entrada_manual',
        quantidade: '10',
        custo_unitario: '5',
        referencia: 'NF 1',
        motivo: null,
        estornado_id: null,
        criado_em: new Date(at(1)),
      },
      {
        ...base,
        id: perda.data.movimento_id,
        tipo: 'perda',
        quantidade: '-4',
        custo_unitario: '5',
        referencia: null,
        motivo: 'quebra',
        estornado_id: null,
        criado_em: new Date(at(2)),
      },
      {
        ...base,
        id: estorno.data.movimento_id,
        tipo: 'estorno',
        quantidade: '4',
        custo_unitario: '5',
        referencia: perda.data.movimento_id,
        motivo: null,
        estornado_id: perda.data.movimento_id,
        criado_em: new Date(at(3)),
      },
    ]);
  });

  it("keeps each location's after-state, valor in centavos and the last movement's time", async () => {
    const insumo = await writer.defineItem();
    await writer.move(insumo, localA, 3, { custo_unitario: '1.111', criado_em: at(1) });
    await writer.move(insumo, localA, 3, { custo_unitario: '2', criado_em: at(2) });
    await caughtUp();
    expect(await balance(insumo, localA)).toEqual({
      saldo: '6',
      unidade: 'm',
      custo_medio: '1.5555',
      custo_medio_bruto: '1.5555',
      valor: '9.33',
      atualizado_em: new Date(at(2)),
    });
  });

  it('keeps a balance row that reaches zero, with its average', async () => {
    const insumo = await writer.defineItem();
    await writer.move(insumo, localA, 2, { custo_unitario: 7, criado_em: at(1) });
    await writer.move(insumo, localA, -2, { criado_em: at(5) });
    await caughtUp();
    expect(await balance(insumo, localA)).toMatchObject({
      saldo: '0',
      custo_medio: '7',
      valor: '0.00',
      atualizado_em: new Date(at(5)),
    });
  });

  it('never moves atualizado_em back when a later movement carries an earlier time', async () => {
    const insumo = await writer.defineItem();
    await writer.move(insumo, localA, 2, { custo_unitario: 7, criado_em: at(9) });
    await writer.move(insumo, localA, 1, { custo_unitario: 7, criado_em: at(4) });
    await caughtUp();
    expect(await balance(insumo, localA)).toMatchObject({ saldo: '3', atualizado_em: new Date(at(9)) });
  });

  it('totals an item across locations, weighting averages by positive balances', async () => {
    const insumo = await writer.defineItem();
    await writer.move(insumo, localA, 10, { custo_unitario: 4, criado_em: at(1) });
    await writer.move(insumo, localB, 30, { custo_unitario: 8, criado_em: at(2) });
    await caughtUp();
    expect(await item(insumo)).toEqual({
      saldo: '40',
      custo_medio: '7.0000000000000000',
      custo_medio_bruto: '7.0000000000000000',
      atualizado_em: new Date(at(2)),
    });
    // A negative location counts in the total but not in the average.
    await writer.move(insumo, localA, -25, { tipo: 'ajuste', criado_em: at(3) });
    await caughtUp();
    expect(await item(insumo)).toMatchObject({ saldo: '15', custo_medio: '8.0000000000000000' });
  });

  it('uses the averages of the location moved last when no location has a positive balance', async () => {
    const insumo = await writer.defineItem();
    await writer.move(insumo, localA, 1, { custo_unitario: 3, criado_em: at(1) });
    await writer.move(insumo, localB, 1, { custo_unitario: 9, criado_em: at(2) });
    await writer.move(insumo, localA, -1, { criado_em: at(3) });
    await writer.move(insumo, localB, -3, { tipo: 'ajuste', criado_em: at(4) });
    await caughtUp();
    expect(await item(insumo)).toMatchObject({
      saldo: '-2',
      custo_medio: '9',
      atualizado_em: new Date(at(4)),
    });
  });

  it('writes the same rows when a batch is applied twice (idempotent apply behind the checkpoint)', async () => {
    const dump = async () =>
      (
        await db.pool.query(
          `SELECT (SELECT json_agg(m ORDER BY id) FROM estoque_movimentos m) AS m,
                  (SELECT json_agg(s ORDER BY insumo_id, local_id) FROM estoque_saldos s) AS s,
                  (SELECT json_agg(i ORDER BY insumo_id) FROM estoque_itens i) AS i`,
        )
      ).rows[0];
    const before = await dump();
    const events = await store.readAll({ after: LOG_START, limit: 10_000 });
    const handled = events.filter((e) => stockProjection.handles.includes(e.type));
    const client = await db.pool.connect();
    try {
      // Both halves, as a batch does them: the staged ledger, then balances and totals.
      await stockProjection.stage!(client, handled, liveTarget(stockProjection));
      await stockProjection.apply(client, handled, liveTarget(stockProjection));
    } finally {
      client.release();
    }
    expect(await dump()).toEqual(before);
  });
});
