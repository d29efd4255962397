import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { catalogWriteScene } from '../../../test/catalog-scene.js';

describeWith(['postgres'], 'substituirFicha', () => {
  const scene = catalogWriteScene();

  it('answers a retried PUT (same token and key) with the first version, appending once', async () => {
    const kit = await scene.saveProduct({});
    const parte = await scene.saveProduct({});
    const keyed = { ...scene.context, idempotencyKey: `k-${randomUUID()}` };
    const lines = [{ tipo: 'produto', componente_id: parte, consumo: 1 }];
    const first = await scene.catalog.substituirFicha(keyed, kit, lines);
    const retried = await scene.catalog.substituirFicha(keyed, kit, lines);
    expect(retried).toEqual(first);
    const stream = `produto-${scene.context.empresaId}-${kit}`;
    expect(
      await scene.query(
        `SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'FichaDefinida.v1'`,
        [stream],
      ),
    ).toEqual([{ n: 1 }]);
  });
});
