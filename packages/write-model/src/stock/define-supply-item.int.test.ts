import { describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { stockWriteScene } from '../../test/stock-scene.js';

describeWith(['postgres'], 'defineSupplyItem', () => {
  const scene = stockWriteScene();
  const { defineItem, entry } = scene;

  it('refuses to change units or factor once the item has movements, but takes other changes', async () => {
    const item = await defineItem();
    await defineItem({ fatorConversao: '10' }, item); // no movement yet
    await entry(item);
    await expect(defineItem({ fatorConversao: '6' }, item)).rejects.toThrow(/refused/);
    await expect(defineItem({ unidadeCompra: 'pc', fatorConversao: '10' }, item)).rejects.toThrow(/refused/);
    await expect(defineItem({ fatorConversao: '10' }, item)).resolves.toBe(item);
  });
});
