import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { twoPurchasesProcesses } from '../../../test/purchases-processes.js';

describeWith(['postgres'], 'cancelarRecebimento', () => {
  const p = twoPurchasesProcesses();

  it('a cancellation retried with its key after it committed answers what it wrote, writing nothing more', async () => {
    const input = p.scene.receipt();
    const received = await p.one.receberNota(p.scene.context(), input);
    if (!received.ok) throw new Error(JSON.stringify(received.error));
    const cancelKey = randomUUID();
    const nota_id = received.value.recebida.nota_id;
    const cancel = await p.one.cancelarRecebimento(p.scene.context(cancelKey), { nota_id });
    const cancelAgain = await p.two.cancelarRecebimento(p.scene.context(cancelKey), { nota_id });
    expect(cancel).toMatchObject({ ok: true, replayed: false });
    expect(cancelAgain).toMatchObject({
      ok: true,
      replayed: true,
      position: cancel.ok ? cancel.position : -1,
    });
    const { rows } = await p.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE type IN ('NotaRecebida.v1', 'NotaCancelada.v1')
        AND data->>'chave' = $1`,
      [input.documento.chave],
    );
    expect(rows[0]!.n).toBe(2);
  });
});
