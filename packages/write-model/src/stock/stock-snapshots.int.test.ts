import { randomUUID } from 'node:crypto';
import { evolveStock, initialStockState, type StockEvent, toSnapshot } from '@factory/domain';
import { createPostgresEventStore } from '@factory/event-store';
import { describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { stockWriteScene } from '../../test/stock-scene.js';
import { stockStream } from './stock-stream.js';
import { createStockWriteModel } from './stock-write-model.js';

describeWith(['postgres'], 'stock snapshots', () => {
  const scene = stockWriteScene();
  const { context, defineItem, entry } = scene;

  it('keeps a snapshot that only moves forward, and ignores one of an unknown version', async () => {
    const item = await defineItem();
    for (let i = 0; i < 6; i++) await entry(item);
    const stream = stockStream(scene.tenant.empresaId, item);
    const read = async () =>
      (
        await scene.db.pool.query(
          "SELECT revision, snapshot FROM event_store_snapshots WHERE kind = 'stock' AND stream = $1",
          [stream],
        )
      ).rows[0];
    // The definition is revision 0; every 5 events from none (-1): the first one is at 4.
    expect((await read()).revision).toBe(4);
    expect((await read()).snapshot.locais[0][1].saldo).toBe('4');
    await scene.stock.registrarMovimento(context(), {
      insumo_id: item,
      local_id: scene.tenant.locais[1]!.id,
      tipo: 'ajuste',
      quantidade: 1,
    });
    expect((await read()).revision).toBe(4); // only 3 past it
    await scene.db.pool.query(
      `UPDATE event_store_snapshots SET snapshot = '{"versao": 99}' WHERE kind = 'stock' AND stream = $1`,
      [stream],
    );
    // Another process, which has no state of the item in memory, reads the stored snapshot.
    const next = await createStockWriteModel({ pool: scene.db.pool, snapshotEvery: 5 }).registrarMovimento(
      context(),
      {
        insumo_id: item,
        local_id: scene.tenant.locais[0]!.id,
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
    const stream = stockStream(scene.tenant.empresaId, item);
    const store = createPostgresEventStore({ pool: scene.db.pool, listen: null });
    const excluido = { insumo_id: item, sku: 'FIO-1', excluido_em: '2026-02-01T08:30:00.000+00:00' };
    await store.appendToStream(stream, [{ id: randomUUID(), type: 'InsumoExcluido.v1', data: excluido }], {
      expectedRevision: 1,
    });
    // What the code before version 2 saved past a deletion: the same state, no deletion flag.
    const events = await store.readStream<StockEvent>(stream);
    const { excluido: _flag, ...rest } = toSnapshot(events.reduce(evolveStock, initialStockState()));
    await scene.db.pool.query(
      "INSERT INTO event_store_snapshots (kind, stream, revision, snapshot) VALUES ('stock', $1, 2, $2)",
      [stream, JSON.stringify({ ...rest, versao: 1 })],
    );
    expect(await entry(item)).toEqual({
      ok: false,
      error: { kind: 'not_found', campo: 'insumo_id', mensagem: 'o insumo foi excluído' },
    });
    expect(await scene.stock.estornarMovimento(context(), { movimento_id: events[1]!.id })).toEqual({
      ok: false,
      error: { kind: 'conflict', mensagem: 'o insumo do movimento foi excluído' },
    });
    expect((await store.readStream(stream)).length).toBe(3);
  });
});
