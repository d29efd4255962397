import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  anItem,
  expectError,
  type PurchasesScene,
  post,
  startPurchasesScene,
} from '../../../test/purchases/purchases-api.fixture.js';

describeWith(['postgres', 'redis'], 'POST /v1/compras/recebimentos/{id}/cancelamento', () => {
  let scene: PurchasesScene;
  beforeAll(async () => {
    scene = await startPurchasesScene();
  });
  const receive = async (xml: string, pedidoId?: string) => {
    const res = await post(scene.app, '/v1/compras/recebimentos', scene.token, {
      xml,
      local_id: scene.localId,
      vinculos: [
        { n_item: 1, insumo_id: scene.caixaId },
        { n_item: 2, insumo_id: scene.quiloId },
      ],
      ...(pedidoId ? { pedido_id: pedidoId } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; itens: Array<{ movimento_id: string }> };
  };
  const twoItems = () =>
    scene.invoice({
      itens: [anItem({ qCom: '5.0000' }), anItem({ cProd: 'R-1', uCom: 'KG', qCom: '2.0000', vUnCom: '40' })],
    });
  const cancel = (id: string, body?: unknown, key: string | null = null) =>
    post(scene.app, `/v1/compras/recebimentos/${id}/cancelamento`, scene.token, body, { key });
  const reversalsOf = async (movimentoIds: string[]) => {
    const { rows } = await scene.db.pool.query(
      `SELECT data FROM events WHERE type = 'MovimentoEstornado.v1' AND data->>'estornado_id' = ANY($1::text[])`,
      [movimentoIds],
    );
    return rows.map((r) => r.data);
  };

  it('reverses every movement, takes the quantities off the order and marks the Nota cancelada, in one write', async () => {
    const order = await post(scene.app, '/v1/compras/pedidos', scene.token, {
      fornecedor_id: scene.supplierId,
      local_id: scene.localId,
      itens: [{ insumo_id: scene.caixaId, quantidade: 10 }],
    });
    const { xml, chave } = twoItems();
    const nota = await receive(xml, order.json().id);
    const res = await cancel(nota.id, { motivo: 'devolvida' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: nota.id,
      chave,
      situacao: 'cancelada',
      atualizado_em: expect.any(String),
    });
    const movimentos = nota.itens.map((i) => i.movimento_id);
    const reversals = await reversalsOf(movimentos);
    expect(reversals).toHaveLength(2);
    expect(reversals[0]).toMatchObject({ tipo: 'estorno', origem: 'nfe', motivo: 'devolvida' });
    const { rows } = await scene.db.pool.query(
      `SELECT type, data, tx_id::text FROM events WHERE stream_id = ANY($1::text[]) ORDER BY position DESC LIMIT 2`,
      [[`pedido_compra-${scene.empresaId}-${order.json().id}`, `nota-${scene.empresaId}-${chave}`]],
    );
    expect(rows.map((r) => r.type).sort()).toEqual([
      'NotaCancelada.v1',
      'PedidoCompraAtendimentoDesfeito.v1',
    ]);
    expect(rows.find((r) => r.type === 'PedidoCompraAtendimentoDesfeito.v1').data.situacao).toBe('aberto');
    const { rows: tx } = await scene.db.pool.query(
      `SELECT DISTINCT tx_id::text FROM events WHERE type IN ('NotaCancelada.v1', 'MovimentoEstornado.v1',
         'PedidoCompraAtendimentoDesfeito.v1') AND (data->>'nota_id' = $1 OR data->>'estornado_id' = ANY($2::text[]))`,
      [nota.id, movimentos],
    );
    expect(tx).toHaveLength(1);
    // The access key can be received again, as a new receipt.
    const again = await receive(xml);
    expect(again.id).not.toBe(nota.id);
  });

  it('409 when already cancelled; a retry with the same key replays; 409 when one movement was reversed by hand', async () => {
    const { xml } = twoItems();
    const nota = await receive(xml);
    const key = randomUUID();
    const first = await cancel(nota.id, {}, key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await cancel(nota.id, {}, key);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expectError(await cancel(nota.id), 409, 'conflito');

    const other = await receive(twoItems().xml);
    const estorno = await post(
      scene.app,
      `/v1/estoque/movimentos/${other.itens[1]!.movimento_id}/estorno`,
      scene.token,
      {},
      { key: null },
    );
    expect(estorno.statusCode, estorno.body).toBe(201);
    const before = await reversalsOf(other.itens.map((i) => i.movimento_id));
    expectError(await cancel(other.id), 409, 'conflito');
    expect(await reversalsOf(other.itens.map((i) => i.movimento_id))).toEqual(before);
  });

  it('404 for an unknown receipt, another company’s, or an id that is not a uuid', async () => {
    expectError(await cancel(randomUUID()), 404, 'nao_encontrado');
    expectError(await cancel('x'), 404, 'nao_encontrado');
    const other = await startPurchasesScene();
    const theirs = await post(other.app, '/v1/compras/recebimentos', other.token, {
      xml: other.invoice().xml,
      local_id: other.localId,
      vinculos: [{ n_item: 1, insumo_id: other.caixaId }],
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expectError(await cancel(theirs.json().id), 404, 'nao_encontrado');
  });
});
