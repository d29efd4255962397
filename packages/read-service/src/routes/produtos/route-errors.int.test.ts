import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  createCatalogApi,
  expectError,
  getOk,
  type Tenant,
} from '../../../test/routes/produtos/catalog-api.fixture.js';

const URL = '/v1/produtos';

describeWith(['postgres'], 'GET /v1/produtos errors', () => {
  let api: CatalogApi;
  let empresa: Tenant;
  let semCustos: string;

  beforeAll(async () => {
    api = await createCatalogApi();
    empresa = await api.tenant(['produtos:ler', 'insumos:ler', 'custos:ler']);
    semCustos = await empresa.token2(['produtos:escrever']);
    const old = new Date(Date.now() - 10 * 60_000);
    for (const sku of ['A', 'B', 'C'])
      await empresa.writer.produto({ sku, nome: sku, familia: 'camisetas' }, old.toISOString());
    await api.settled();
  });

  it('refuses unknown, repeated, empty and malformed parameters naming them', async () => {
    const bad: Array<[string, string]> = [
      ['desde=2025-01-01T00:00:00Z', 'desde'],
      ['sku=A&sku=B', 'sku'],
      ['familia=', 'familia'],
      [`sku=${'x'.repeat(201)}`, 'sku'],
      ['status=pendente', 'status'],
      ['tipo=servico', 'tipo'],
      ['incluir_excluidos=sim', 'incluir_excluidos'],
      ['limite=0', 'limite'],
      ['limite=201', 'limite'],
      ['atualizado_desde=2025-01-01T00:00:00', 'atualizado_desde'],
      ['atualizado_desde=2025-01-01T00:00:00+03:00', 'atualizado_desde'],
    ];
    for (const [query, campo] of bad)
      await expectError(api.app, `${URL}?${query}`, empresa.token, 400, 'parametro_invalido', campo);
  });

  it('refuses tampered cursors and cursors of other filters or lists', async () => {
    const { proximo_cursor } = await getOk(api.app, `${URL}?limite=1&familia=camisetas`, empresa.token);
    expect(proximo_cursor).toMatch(/^[A-Za-z0-9_-]{1,400}$/);
    const tampered = `${proximo_cursor!.slice(0, 10)}${proximo_cursor![10] === 'A' ? 'B' : 'A'}${proximo_cursor!.slice(11)}`;
    await expectError(
      api.app,
      `${URL}?familia=camisetas&cursor=${tampered}`,
      empresa.token,
      400,
      'cursor_invalido',
    );
    await expectError(api.app, `${URL}?cursor=${proximo_cursor}`, empresa.token, 400, 'cursor_invalido');
    await expectError(
      api.app,
      `/v1/insumos?familia=camisetas&cursor=${proximo_cursor}`,
      empresa.token,
      400,
      'cursor_invalido',
    );
    await expectError(api.app, `${URL}?cursor=${'x'.repeat(401)}`, empresa.token, 400, 'cursor_invalido');
  });

  it("issue 13 item 7: refuses another company's cursor on the same list and filters", async () => {
    const { proximo_cursor } = await getOk(api.app, `${URL}?limite=1&familia=camisetas`, empresa.token);
    const outra = await api.tenant(['produtos:ler']);
    await expectError(
      api.app,
      `${URL}?limite=1&familia=camisetas&cursor=${proximo_cursor}`,
      outra.token,
      400,
      'cursor_invalido',
    );
    const own = await getOk(
      api.app,
      `${URL}?limite=1&familia=camisetas&cursor=${proximo_cursor}`,
      empresa.token,
    );
    expect(own.dados).toHaveLength(1);
  });

  it('refuses %00 in the sku and familia filters (issue 13 item 1)', async () => {
    for (const query of ['sku=a%00b', 'familia=%00'])
      await expectError(
        api.app,
        `${URL}?${query}`,
        empresa.token,
        400,
        'parametro_invalido',
        query.split('=')[0],
      );
    await expectError(api.app, '/v1/insumos?sku=a%00b', empresa.token, 400, 'parametro_invalido', 'sku');
  });

  it('needs produtos:ler (produtos:escrever includes it)', async () => {
    const outro = await empresa.token2(['fichas:ler', 'custos:ler']);
    await expectError(api.app, URL, outro, 403, 'escopo_insuficiente');
    await expectError(api.app, URL, null, 401, 'token_ausente');
    expect((await getOk(api.app, URL, semCustos)).dados).toHaveLength(3);
  });
});
