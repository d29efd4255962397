import { randomUUID } from 'node:crypto';
import { evolveStock, initialStockState, type StockEvent, toSnapshot } from '@factory/domain';
import { createPostgresEventStore } from '@factory/event-store';
import { createTenantFixture, type TenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import type { WriteContext } from '../write-context.js';
import { stockStream } from './stock-stream.js';
import { createStockWriteModel, type StockWriteModel } from './stock-write-model.js';

const NOW = new Date('2026-02-01T08:30:00.000Z');

describeWith(['postgres'], 'stock write model', () => {
  let db: TestDatabase;
  let stock: StockWriteModel;
  let tenant: TenantFixture;
  const context = (key: string | null = null): WriteContext => ({
    empresaId: tenant.empresaId,
    tokenId: tenant.tokenId,
    requestId: null,
    idempotencyKey: key,
    now: NOW,
  });
  const defineItem = async (
    fields: { fatorConversao?: string; unidadeCompra?: string } = {},
    insumoId = randomUUID(),
  ) => {
    await stock.defineSupplyItem({
      empresaId: tenant.empresaId,
      insumoId,
      sku: 'FIO-1',
      unidadeCompra: fields.unidadeCompra ?? 'cx',
      unidadeConsumo: 'un',
      fatorConversao: fields.fatorConversao ?? '12',
      custoReferencia: null,
      now: NOW,
    });
    return insumoId;
  };
  const entry = (insumoId: string, key: string | null = null, quantidade = 1) =>
    stock.registrarMovimento(context(key), {
      insumo_id: insumoId,
      local_id: tenant.locais[0]!.id,
      tipo: 'entrada_manual',
      quantidade,
      custo_unitario: 2,
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    stock = createStockWriteModel({ pool: db.pool, snapshotEvery: 5 });
    tenant = await createTenantFixture(db.pool, { escopos: ['estoque:escrever'] });
  });

  it('answers a command whose movement is already in the log with that movement', async () => {
    const item = await defineItem();
    const first = await entry(item, 'k-1');
    const again = await createStockWriteModel({ pool: db.pool }).registrarMovimento(context('k-1'), {
      insumo_id: item,
      local_id: tenant.locais[0]!.id,
      tipo: 'entrada_manual',
      quantidade: 1,
      custo_unitario: 2,
    });
    expect(first).toMatchObject({ ok: true, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    const { rowCount } = await db.pool.query(
      "SELECT 1 FROM events WHERE type = 'MovimentoRegistrado.v1' AND stream_id = $1",
      [stockStream(tenant.empresaId, item)],
    );
    expect(rowCount).toBe(1);
  });

  it('refuses a key whose event ids already name a movement of another item', async () => {
    const one = await defineItem();
    const two = await defineItem();
    expect((await entry(one, 'k-2')).ok).toBe(true);
    expect(await entry(two, 'k-2')).toEqual({
      ok: false,
      error: { kind: 'key_reused', mensagem: expect.any(String) },
    });
  });

  it('keeps a snapshot that only moves forward, and ignores one of an unknown version', async () => {
    const item = await defineItem();
    for (let i = 0; i < 6; i++) await entry(item);
    const stream = stockStream(tenant.empresaId, item);
    const read = async () =>
      (
        await db.pool.query(
          "SELECT revision, snapshot FROM event_store_snapshots WHERE kind = 'stock' AND stream = $1",
          [stream],
        )
      ).rows[0];
    // The definition is revision 0; every 5 events from none (-1): the first one is at 4.
    expect((await read()).revision).toBe(4);
    expect((await read()).snapshot.locais[0][1].saldo).toBe('4');
    await stock.registrarMovimento(context(), {
      insumo_id: item,
      local_id: tenant.locais[1]!.id,
      tipo: 'ajuste',
      quantidade: 1,
    });
    expect((await read()).revision).toBe(4); // only 3 past it
    await db.pool.query(
      `UPDATE event_store_snapshots SET snapshot = '{"versao": 99}' WHERE kind = 'stock' AND stream = $1`,
      [stream],
    );
    // Another process, which has no state of the item in memory, reads the stored snapshot.
    const next = await createStockWriteModel({ pool: db.pool, snapshotEvery: 5 }).registrarMovimento(
      context(),
      {
        insumo_id: item,
        local_id: tenant.locais[0]!.id,
        tipo: 'entrada_manual',
        quantidade: 1,
        custo_unitario: 2,
      },
    );
    expect(next.ok && next.movimento.saldo).toBe('7'); // folded from the whole stream
    expect((await read()).revision).toBe(8); // and a fresh snapshot replaces the unreadable one
  });

  it('refolds a version 1 snapshot taken after a deletion, so the deleted item takes no movement', async () => {
    const item = await defineItem();
    await entry(item);
    const stream = stockStream(tenant.empresaId, item);
    const store = createPostgresEventStore({ pool: db.pool, listen: null });
    const excluido = { insumo_id: item, sku: 'FIO-1', excluido_em: '2026-02-01T08:30:00.000+00:00' };
    await store.appendToStream(stream, [{ id: randomUUID(), type: 'InsumoExcluido.v1', data: excluido }], {
      expectedRevision: 1,
    });
    // What the code before version 2 saved past a deletion: the same state, no deletion flag.
    const events = await store.readStream<StockEvent>(stream);
    const { excluido: _flag, ...rest } = toSnapshot(events.reduce(evolveStock, initialStockState()));
    await db.pool.query(
      "INSERT INTO event_store_snapshots (kind, stream, revision, snapshot) VALUES ('stock', $1, 2, $2)",
      [stream, JSON.stringify({ ...rest, versao: 1 })],
    );
    expect(await entry(item)).toEqual({
      ok: false,
      error: { kind: 'not_found', campo: 'insumo_id', mensagem: 'o insumo foi excluído' },
    });
    expect(await stock.estornarMovimento(context(), { movimento_id: events[1]!.id })).toEqual({
      ok: false,
      error: { kind: 'conflict', mensagem: 'o insumo do movimento foi excluído' },
    });
    expect((await store.readStream(stream)).length).toBe(3);
  });

  it('writes one index row per movement, in the transaction of its event', async () => {
    const item = await defineItem();
    const made = await Promise.all([entry(item), entry(item), entry(item)]);
    const ids = made.map((m) => (m.ok ? m.movimento.movimento_id : null));
    const { rows } = await db.pool.query<{ id: string; revision: number }>(
      `SELECT i.movimento_id::text AS id, i.revision FROM stock_movement_index i
         JOIN events e ON e.event_id = i.movimento_id AND e.stream_revision = i.revision
        WHERE i.insumo_id = $1 ORDER BY i.revision`,
      [item],
    );
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(rows.map((r) => r.revision)).toEqual([1, 2, 3]);
  });

  it('refuses to change units or factor once the item has movements, but takes other changes', async () => {
    const item = await defineItem();
    await defineItem({ fatorConversao: '10' }, item); // no movement yet
    await entry(item);
    await expect(defineItem({ fatorConversao: '6' }, item)).rejects.toThrow(/refused/);
    await expect(defineItem({ unidadeCompra: 'pc', fatorConversao: '10' }, item)).rejects.toThrow(/refused/);
    await expect(defineItem({ fatorConversao: '10' }, item)).resolves.toBe(item);
  });

  it('reverses through the index; another company cannot see the movement', async () => {
    const item = await defineItem();
    const original = await entry(item, null, 3);
    if (!original.ok) throw new Error('setup');
    const other = await createTenantFixture(db.pool, { escopos: ['estoque:escrever'] });
    const foreign = await stock.estornarMovimento(
      { ...context(), empresaId: other.empresaId, tokenId: other.tokenId },
      { movimento_id: original.movimento.movimento_id },
    );
    expect(foreign).toEqual({
      ok: false,
      error: { kind: 'not_found', campo: 'id', mensagem: expect.any(String) },
    });
    const reversal = await stock.estornarMovimento(context(), {
      movimento_id: original.movimento.movimento_id,
    });
    expect(reversal.ok && reversal.movimento).toMatchObject({
      tipo: 'estorno',
      quantidade: '-3',
      saldo: '0',
    });
  });

  it('reverses without the index when told the item, and refuses a wrong item as not found', async () => {
    const [item, another] = [await defineItem(), await defineItem()];
    const original = await entry(item, null, 2);
    if (!original.ok) throw new Error('setup');
    const movimento_id = original.movimento.movimento_id;
    expect(await stock.estornarMovimento(context(), { movimento_id, insumo_id: another })).toEqual({
      ok: false,
      error: { kind: 'not_found', campo: 'id', mensagem: expect.any(String) },
    });
    const reversal = await stock.estornarMovimento(context(), { movimento_id, insumo_id: item });
    expect(reversal.ok && reversal.movimento).toMatchObject({
      tipo: 'estorno',
      quantidade: '-2',
      saldo: '0',
    });
  });
});
