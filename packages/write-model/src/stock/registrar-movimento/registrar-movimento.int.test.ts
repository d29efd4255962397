import { describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { stockWriteScene } from '../../../test/stock-scene.js';
import { stockStream } from '../stock-stream.js';
import { createStockWriteModel } from '../stock-write-model.js';

describeWith(['postgres'], 'registrarMovimento', () => {
  const scene = stockWriteScene();
  const { context, defineItem, entry } = scene;

  it('answers a command whose movement is already in the log with that movement', async () => {
    const item = await defineItem();
    const first = await entry(item, 'k-1');
    const again = await createStockWriteModel({ pool: scene.db.pool }).registrarMovimento(context('k-1'), {
      insumo_id: item,
      local_id: scene.tenant.locais[0]!.id,
      tipo: 'entrada_manual',
      quantidade: 1,
      custo_unitario: 2,
    });
    expect(first).toMatchObject({ ok: true, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    const { rowCount } = await scene.db.pool.query(
      "SELECT 1 FROM events WHERE type = 'MovimentoRegistrado.v1' AND stream_id = $1",
      [stockStream(scene.tenant.empresaId, item)],
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

  it('writes one index row per movement, in the transaction of its event', async () => {
    const item = await defineItem();
    const made = await Promise.all([entry(item), entry(item), entry(item)]);
    const ids = made.map((m) => (m.ok ? m.movimento.movimento_id : null));
    const { rows } = await scene.db.pool.query<{ id: string; revision: number }>(
      `SELECT i.movimento_id::text AS id, i.revision FROM stock_movement_index i
         JOIN events e ON e.event_id = i.movimento_id AND e.stream_revision = i.revision
        WHERE i.insumo_id = $1 ORDER BY i.revision`,
      [item],
    );
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(rows.map((r) => r.revision)).toEqual([1, 2, 3]);
  });
});
