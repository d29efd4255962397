import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { twoPurchasesProcesses } from '../../../test/purchases-processes.js';

describeWith(['postgres'], 'receberNota', () => {
  const p = twoPurchasesProcesses();

  it('a receipt retried with its key after it committed answers what it wrote, writing nothing more', async () => {
    const key = randomUUID();
    const input = p.scene.receipt();
    const first = await p.one.receberNota(p.scene.context(key), input);
    const again = await p.two.receberNota(p.scene.context(key), input);
    expect(first).toMatchObject({ ok: true, replayed: false });
    expect(again).toMatchObject({ ok: true, replayed: true });
    if (!first.ok || !again.ok) return;
    expect(again.value).toEqual(first.value);
    expect(again.position).toBe(first.position);
    const { rows } = await p.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE type = 'NotaRecebida.v1' AND data->>'chave' = $1`,
      [input.documento.chave],
    );
    expect(rows[0]!.n).toBe(1);
  });
});
