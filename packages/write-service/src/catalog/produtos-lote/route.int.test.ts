import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  countEvents,
  expectError,
  lote,
  NOW_TEXT,
  saved,
  sku,
  startCatalogApi,
} from '../../../test/catalog/catalog-api.fixture.js';

describeWith(['postgres', 'redis'], 'POST /v1/produtos/lote', () => {
  let api: CatalogApi;
  let token: string;
  let empresaId: string;

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token, empresaId } = await api.tenant());
  });

  it('creates, then updates by SKU, answering each item in order with X-Posicao-Log', async () => {
    const a = sku();
    const b = sku();
    const res = await api.send('POST', '/v1/produtos/lote', token, {
      itens: [
        { sku: a, nome: 'Camiseta', ean: '7891000315507', apelidos: ['ML-1'] },
        { sku: b, nome: 'Bermuda' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().resultados;
    expect(first).toEqual({ indice: 0, sku: a, ok: true, id: expect.any(String), erro: null });
    expect(second).toEqual({ indice: 1, sku: b, ok: true, id: expect.any(String), erro: null });
    // Items run a few at a time: the header is the batch's greatest position, whichever item it is.
    const { rows } = await api.db.pool.query<{ position: number }>(
      'SELECT max(position)::int AS position FROM events WHERE stream_id = ANY($1)',
      [[`produto-${empresaId}-${first.id}`, `produto-${empresaId}-${second.id}`]],
    );
    expect(res.headers['x-posicao-log']).toBe(String(rows[0]!.position));

    const again = await lote(api, 'produtos', token, [{ sku: a, familia: 'Verão' }]);
    expect(again[0]).toMatchObject({ ok: true, id: first.id });
    const { rows: events } = await api.db.pool.query(
      'SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_revision',
      [`produto-${empresaId}-${first.id}`],
    );
    expect(events.map((e) => e.type)).toEqual(['ProdutoCadastrado.v1', 'ProdutoAlterado.v1']);
    expect(events[1].data).toEqual({
      produto_id: first.id,
      sku: a,
      alteracoes: { familia: 'Verão' },
      alterado_em: NOW_TEXT,
    });
  });

  it('refuses the batch as a whole only for itens itself, writing nothing', async () => {
    for (const body of [
      {},
      { itens: 'x' },
      { itens: [] },
      { itens: Array.from({ length: 101 }, () => ({ sku: sku() })) },
    ]) {
      const res = await api.send('POST', '/v1/produtos/lote', token, body);
      expectError(res, 422, 'validacao', 'itens');
    }
    expectError(
      await api.send('POST', '/v1/produtos/lote', token, { itens: [{}], extra: 1 }),
      422,
      'validacao',
      'extra',
    );
  });

  it('appends nothing and sends no X-Posicao-Log when every item is unchanged or refused', async () => {
    const a = sku();
    const id = await saved(api, 'produtos', token, { sku: a, nome: 'Meia', peso_kg: 0.1 });
    const res = await api.send('POST', '/v1/produtos/lote', token, {
      itens: [
        { sku: a, nome: 'Meia', peso_kg: '0.10' },
        { sku: 'bad sku', nome: 'X' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-posicao-log']).toBeUndefined();
    expect(res.json().resultados).toEqual([
      { indice: 0, sku: a, ok: true, id, erro: null },
      { indice: 1, sku: 'bad sku', ok: false, id: null, erro: expect.stringMatching(/^sku: /) },
    ]);
    expect(await countEvents(api.db, `produto-${empresaId}-${id}`)).toBe(1);
  });

  it('keeps absent keys and clears a nullable one sent as null', async () => {
    const a = sku();
    const id = await saved(api, 'produtos', token, {
      sku: a,
      nome: 'Calça',
      familia: 'Inverno',
      ean: '7891000315507',
      ncm: '61091000',
    });
    await saved(api, 'produtos', token, { sku: a, ean: null, familia: 'Verão' });
    const { rows } = await api.db.pool.query(
      `SELECT data FROM events WHERE stream_id = $1 AND type = 'ProdutoAlterado.v1'`,
      [`produto-${empresaId}-${id}`],
    );
    expect(rows.map((r) => r.data.alteracoes)).toEqual([{ ean: null, familia: 'Verão' }]);
  });

  it('replays a batch sent again with the same Idempotency-Key, writing once', async () => {
    const body = { itens: [{ sku: sku(), nome: 'Repetido' }] };
    const headers = { 'idempotency-key': `lote-${sku()}` };
    const first = await api.send('POST', '/v1/produtos/lote', token, body, headers);
    const again = await api.send('POST', '/v1/produtos/lote', token, body, headers);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers['x-posicao-log']).toBe(first.headers['x-posicao-log']);
    const id = first.json().resultados[0].id;
    expect(await countEvents(api.db, `produto-${empresaId}-${id}`)).toBe(1);
  });

  it('keeps companies apart: the same SKU in another company is another product', async () => {
    const a = sku();
    const mine = await saved(api, 'produtos', token, { sku: a, nome: 'Meu' });
    const other = await api.tenant();
    const theirs = await saved(api, 'produtos', other.token, { sku: a, nome: 'Deles' });
    expect(theirs).not.toBe(mine);
    expect(await countEvents(api.db, `produto-${empresaId}-${theirs}`)).toBe(0);
  });

  it('is described in the OpenAPI document with its scope and its item schema', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const { paths } = res.json();
    expect(paths['/v1/produtos/lote'].post['x-svc-escopo']).toBe('produtos:escrever');
    const body = paths['/v1/produtos/lote'].post.requestBody.content['application/json'].schema;
    expect(body.properties.itens.items.anyOf[0].properties.sku).toBeDefined();
    for (const [path, method, scope] of [
      ['/v1/insumos/lote', 'post', 'insumos:escrever'],
      ['/v1/fornecedores/lote', 'post', 'fornecedores:escrever'],
      ['/v1/produtos/{id}', 'delete', 'produtos:escrever'],
      ['/v1/insumos/{id}', 'delete', 'insumos:escrever'],
      ['/v1/fornecedores/{id}', 'delete', 'fornecedores:escrever'],
      ['/v1/fichas/{produto_id}', 'put', 'fichas:escrever'],
      ['/v1/fichas/{produto_id}', 'delete', 'fichas:escrever'],
    ])
      expect(paths[path!][method!]['x-svc-escopo']).toBe(scope);
  });
});
