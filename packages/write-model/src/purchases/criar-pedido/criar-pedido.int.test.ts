import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { twoPurchasesProcesses } from '../../../test/purchases-processes.js';

describeWith(['postgres'], 'criarPedido', () => {
  const p = twoPurchasesProcesses();

  it('gives 24 concurrent creations from two processes the numbers 1 to 24, each once', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) => p.createOrder(i % 2 === 0 ? p.one : p.two)),
    );
    const numeros = outcomes.map((o) => {
      if (!o.ok) throw new Error(JSON.stringify(o.error));
      return o.value.criado.numero;
    });
    expect(numeros.sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  });

  it('a creation retried with its key after it committed answers what it wrote', async () => {
    const orderKey = randomUUID();
    const order = await p.createOrder(p.one, orderKey);
    const orderAgain = await p.createOrder(p.two, orderKey);
    expect(orderAgain).toMatchObject({ ok: true, replayed: true });
    if (order.ok && orderAgain.ok) expect(orderAgain.value.criado.numero).toBe(order.value.criado.numero);
  });
});
