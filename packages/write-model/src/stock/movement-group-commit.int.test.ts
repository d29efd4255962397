import { randomUUID } from 'node:crypto';
import { ContentionDeadlineError } from '@factory/database';
import { createPostgresEventStore, type EventStore } from '@factory/event-store';
import { createTenantFixture, type TenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { defineSupplyItem } from '../../test/stock/define-supply-item.js';
import type { WriteContext } from '../write-context.js';
import { stockStream } from './stock-stream.js';
import { createStockWriteModel, type StockWriteModel } from './stock-write-model.js';

const NOW = new Date('2026-03-01T10:00:00.000Z');

// Movement commands of one process share appends; several processes still meet on one item.
describeWith(['postgres'], 'movement group commit', () => {
  let db: TestDatabase;
  let tenant: TenantFixture;
  let stock: StockWriteModel;
  const context = (): WriteContext => ({
    empresaId: tenant.empresaId,
    tokenId: tenant.tokenId,
    requestId: null,
    idempotencyKey: null,
    now: NOW,
  });
  const defineItem = async () => {
    const insumoId = randomUUID();
    await defineSupplyItem(db.pool, {
      empresaId: tenant.empresaId,
      insumoId,
      sku: `GC-${insumoId.slice(0, 6)}`,
      unidadeCompra: 'un',
      unidadeConsumo: 'un',
      fatorConversao: '1',
      custoReferencia: null,
      now: NOW,
    });
    return insumoId;
  };
  const entry = (model: StockWriteModel, insumoId: string, referencia: string | null = null) =>
    model.registrarMovimento(context(), {
      insumo_id: insumoId,
      local_id: tenant.locais[0]!.id,
      tipo: 'entrada_manual',
      quantidade: 1,
      custo_unitario: 2,
      referencia,
    });
  const transactionsOf = async (stream: string) =>
    Number(
      (
        await db.pool.query(
          "SELECT count(DISTINCT tx_id) AS n FROM events WHERE stream_id = $1 AND type = 'MovimentoRegistrado.v1'",
          [stream],
        )
      ).rows[0].n,
    );

  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 20 });
    tenant = await createTenantFixture(db.pool, { escopos: ['estoque:escrever'] });
    stock = createStockWriteModel({ pool: db.pool, snapshotEvery: 7 });
  });

  it('appends concurrent movements of one process in shared commits, each on the balance before it', async () => {
    const items = [await defineItem(), await defineItem()];
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => entry(stock, items[i % 2]!)));
    for (const [n, item] of items.entries()) {
      const saldos = outcomes
        .filter((_, i) => i % 2 === n)
        .map((o) => (o.ok ? Number(o.movimento.saldo) : Number.NaN))
        .sort((a, b) => a - b);
      expect(saldos).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(await transactionsOf(stockStream(tenant.empresaId, item))).toBeLessThan(30);
    }
  });

  it('lets two processes writing one item queue on its revision, none failing', async () => {
    const item = await defineItem();
    const other = createStockWriteModel({ pool: db.pool, snapshotEvery: 7 });
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => entry(i % 2 === 0 ? stock : other, item)),
    );
    const saldos = outcomes.map((o) => (o.ok ? Number(o.movimento.saldo) : Number.NaN)).sort((a, b) => a - b);
    expect(saldos).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // Each process keeps its decided state in memory; the other's appends are folded in on load.
    const next = await entry(stock, item);
    expect(next.ok && next.movimento.saldo).toBe('41');
  });

  it('decides from memory only what the append re-checks: a location deactivated meanwhile is refused', async () => {
    const item = await defineItem();
    const local = (
      await db.pool.query(
        "INSERT INTO locais (id, empresa_id, nome, tipo) VALUES ($1, $2, 'Doca', 'deposito') RETURNING id",
        [randomUUID(), tenant.empresaId],
      )
    ).rows[0].id as string;
    const at = (localId: string) =>
      stock.registrarMovimento(context(), {
        insumo_id: item,
        local_id: localId,
        tipo: 'entrada_manual',
        quantidade: 1,
        custo_unitario: 2,
      });
    expect((await at(local)).ok).toBe(true);
    await db.pool.query('UPDATE locais SET ativo = false WHERE id = $1', [local]);
    expect(await at(local)).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'validation', campo: 'local_id' }),
    });
  });

  it('never refuses from a memory that is behind: a movement another process wrote can be reversed', async () => {
    const item = await defineItem();
    expect((await entry(stock, item)).ok).toBe(true); // this process now remembers the item
    const written = await entry(createStockWriteModel({ pool: db.pool }), item);
    if (!written.ok) throw new Error('not written');
    const reversal = await stock.estornarMovimento(context(), {
      movimento_id: written.movimento.movimento_id,
    });
    expect(reversal.ok && reversal.movimento.saldo).toBe('1');
  });

  it('fails only the command whose write the database refuses, not those it shared a batch with', async () => {
    const item = await defineItem();
    // A NUL character is refused by jsonb: the statement fails for the whole batch at first.
    const outcomes = await Promise.allSettled([
      entry(stock, item),
      entry(stock, item, 'bad\u0000ref'),
      entry(stock, item),
      entry(stock, item),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const next = await entry(stock, item);
    expect(next.ok && next.movimento.saldo).toBe('4');
  });

  it('fails a whole batch still losing races at its deadline, without running its jobs one by one after it', async () => {
    const items = [await defineItem(), await defineItem(), await defineItem()];
    const plain = createPostgresEventStore({ pool: db.pool, listen: null });
    // Before each of its appends, another process's write lands on the same items first.
    const losing: EventStore = {
      ...plain,
      async append(request) {
        for (const insumoId of items) await entry(stock, insumoId, 'rival');
        return plain.append(request);
      },
    };
    let givenUp = 0;
    const slow = createStockWriteModel({
      pool: db.pool,
      store: losing,
      contention: { deadlineMs: 200, observer: { contended: (write) => void (write.gaveUp && givenUp++) } },
    });
    const outcomes = await Promise.allSettled(items.map((insumoId) => entry(slow, insumoId)));
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(ContentionDeadlineError);
    }
    // Three jobs in at most two batches (a lone first one, then the rest together), each given
    // up once: run one by one after that, the batch's jobs would have given up again each.
    expect(givenUp).toBeLessThanOrEqual(2);
  });
});
