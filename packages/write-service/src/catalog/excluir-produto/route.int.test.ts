import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  countEvents,
  expectError,
  lote,
  NOW,
  NOW_TEXT,
  saved,
  sku,
  startCatalogApi,
} from '../../../test/catalog/catalog-api.fixture.js';

describeWith(['postgres', 'redis'], 'DELETE /v1/produtos/{id}', () => {
  let api: CatalogApi;
  let token: string;
  let empresaId: string;
  const del = (id: string, as = token) => api.send('DELETE', `/v1/produtos/${id}`, as);
  const produto = (fields: Record<string, unknown> = {}) =>
    saved(api, 'produtos', token, { sku: sku(), nome: 'Produto', ...fields });

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token, empresaId } = await api.tenant());
  });

  it('deletes, then answers the same again without appending or X-Posicao-Log', async () => {
    const id = await produto();
    const first = await del(id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id, excluido_em: NOW_TEXT });
    expect(first.headers['x-posicao-log']).toMatch(/^\d+$/);
    api.clock.advance(60_000);
    const again = await del(id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id, excluido_em: NOW_TEXT });
    expect(again.headers['x-posicao-log']).toBeUndefined();
    expect(await countEvents(api.db, `produto-${empresaId}-${id}`)).toBe(2);
    api.clock.set(NOW);
  });

  it('frees the SKU: a batch with it creates a new product', async () => {
    const s = sku();
    const id = await produto({ sku: s, apelidos: [`AL-${s}`] });
    await del(id);
    const [created] = await lote(api, 'produtos', token, [{ sku: s, nome: 'Novo', apelidos: [`AL-${s}`] }]);
    expect(created).toMatchObject({ ok: true });
    expect(created!.id).not.toBe(id);
  });

  it('answers 404 for an unknown id, another company product or no uuid', async () => {
    const outra = await api.tenant();
    const alheio = await saved(api, 'produtos', outra.token, { sku: sku(), nome: 'Alheio' });
    for (const id of ['00000000-0000-4000-8000-000000000000', alheio, 'abc'])
      expectError(await del(id), 404, 'nao_encontrado');
    expect(await countEvents(api.db, `produto-${outra.empresaId}-${alheio}`)).toBe(1);
  });

  it('refuses with 409 while another product active bill uses it, naming the bill', async () => {
    const componente = await produto();
    const kitSku = sku('KIT');
    const kit = await produto({ sku: kitSku });
    const linhas = [{ tipo: 'produto', componente_id: componente, consumo: 2 }];
    expect((await api.send('PUT', `/v1/fichas/${kit}`, token, { linhas })).statusCode).toBe(200);
    const refused = await del(componente);
    expectError(refused, 409, 'conflito');
    expect(refused.json().erro.mensagem).toContain(`${kitSku} (produto ${kit}, versão 1)`);
    expect((await api.send('DELETE', `/v1/fichas/${kit}`, token)).statusCode).toBe(200);
    expect((await del(componente)).statusCode).toBe(200);
  });

  it('deletes a product with its own active bill, which then frees its components', async () => {
    const componente = await produto();
    const kit = await produto();
    const linhas = [{ tipo: 'produto', componente_id: componente, consumo: 1 }];
    expect((await api.send('PUT', `/v1/fichas/${kit}`, token, { linhas })).statusCode).toBe(200);
    expect((await del(kit)).statusCode).toBe(200);
    const { rows } = await api.db.pool.query(
      'SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_revision',
      [`produto-${empresaId}-${kit}`],
    );
    expect(rows.map((r) => r.type).slice(-2)).toEqual(['FichaDesativada.v1', 'ProdutoExcluido.v1']);
    expect((await del(componente)).statusCode).toBe(200);
  });

  it('lets a concurrent PUT and DELETE never leave an active bill using a deleted product', async () => {
    for (let round = 0; round < 6; round++) {
      const componente = await produto();
      const kit = await produto();
      const linhas = [{ tipo: 'produto', componente_id: componente, consumo: 1 }];
      const [bill, deletion] = await Promise.all([
        api.send('PUT', `/v1/fichas/${kit}`, token, { linhas }),
        del(componente),
      ]);
      expect([bill.statusCode, deletion.statusCode].sort()).toEqual(
        bill.statusCode === 200 ? [200, 409] : [200, 422],
      );
    }
  });

  it('refuses with 409 to delete a group head while other products are in its group, naming them', async () => {
    const baseSku = sku('CAM');
    const head = await produto({ sku: baseSku, variacao: { base_sku: baseSku, eixos: ['cor'] } });
    const memberSku = sku('CAM');
    await produto({ sku: memberSku, variacao: { base_sku: baseSku, eixos: ['cor'] } });
    const refused = await del(head);
    expectError(refused, 409, 'conflito');
    expect(refused.json().erro.mensagem).toContain(memberSku);
    expect(await countEvents(api.db, `produto-${empresaId}-${head}`)).toBe(1);
    // Once the member leaves the group, the head goes.
    const [left] = await lote(api, 'produtos', token, [{ sku: memberSku, variacao: null }]);
    expect(left).toMatchObject({ ok: true });
    expect((await del(head)).statusCode).toBe(200);
  });

  it('deletes a group member, and then its head, without touching the other', async () => {
    const baseSku = sku('CAM');
    const head = await produto({ sku: baseSku, variacao: { base_sku: baseSku, eixos: ['cor'] } });
    const member = await produto({ sku: sku('CAM'), variacao: { base_sku: baseSku, eixos: ['cor'] } });
    expect((await del(member)).statusCode).toBe(200);
    expect((await del(head)).statusCode).toBe(200);
    expect(await countEvents(api.db, `produto-${empresaId}-${member}`)).toBe(2);
  });

  it('lets a concurrent join and deletion of the head never leave a member of a deleted head', async () => {
    for (let round = 0; round < 6; round++) {
      const baseSku = sku('CAM');
      const head = await produto({ sku: baseSku, variacao: { base_sku: baseSku, eixos: ['cor'] } });
      const memberSku = sku('CAM');
      await produto({ sku: memberSku });
      const [join, deletion] = await Promise.all([
        lote(api, 'produtos', token, [{ sku: memberSku, variacao: { base_sku: baseSku, eixos: ['cor'] } }]),
        del(head),
      ]);
      // Either the member joined first and the head stays (409), or the head went first and
      // the join finds no product with that base SKU.
      expect([join[0]!.ok, deletion.statusCode]).toEqual(join[0]!.ok ? [true, 409] : [false, 200]);
    }
  });

  it('requires produtos:escrever', async () => {
    const { token: leitor } = await api.tenant(['fichas:escrever']);
    expect((await del(await produto(), leitor)).statusCode).toBe(403);
  });
});
