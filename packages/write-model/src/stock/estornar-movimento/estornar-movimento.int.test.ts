import { createTenantFixture } from '@factory/tenants/testing';
import { describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { stockWriteScene } from '../../../test/stock-scene.js';

describeWith(['postgres'], 'estornarMovimento', () => {
  const scene = stockWriteScene();
  const { context, defineItem, entry } = scene;

  it('reverses through the index; another company cannot see the movement', async () => {
    const item = await defineItem();
    const original = await entry(item, null, 3);
    if (!original.ok) throw new Error('setup');
    const other = await createTenantFixture(scene.db.pool, { escopos: ['estoque:escrever'] });
    const foreign = await scene.stock.estornarMovimento(
      { ...context(), empresaId: other.empresaId, tokenId: other.tokenId },
      { movimento_id: original.movimento.movimento_id },
    );
    expect(foreign).toEqual({
      ok: false,
      error: { kind: 'not_found', campo: 'id', mensagem: expect.any(String) },
    });
    const reversal = await scene.stock.estornarMovimento(context(), {
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
    expect(await scene.stock.estornarMovimento(context(), { movimento_id, insumo_id: another })).toEqual({
      ok: false,
      error: { kind: 'not_found', campo: 'id', mensagem: expect.any(String) },
    });
    const reversal = await scene.stock.estornarMovimento(context(), { movimento_id, insumo_id: item });
    expect(reversal.ok && reversal.movimento).toMatchObject({
      tipo: 'estorno',
      quantidade: '-2',
      saldo: '0',
    });
  });
});
