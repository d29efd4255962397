import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { type CatalogApi, sku, startCatalogApi } from '../../../test/catalog/catalog-api.fixture.js';

describeWith(['postgres', 'redis'], 'POST /v1/produtos/lote under concurrency', () => {
  let api: CatalogApi;
  let token: string;
  let empresaId: string;

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token, empresaId } = await api.tenant());
  });

  it('ends with one product when concurrent batches create the same SKU', async () => {
    const skus = [sku(), sku(), sku()];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, writer) =>
        api.send('POST', '/v1/produtos/lote', token, {
          itens: skus.map((s) => ({ sku: s, nome: `Escritor ${writer}`, apelidos: [`AL-${s}`] })),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    for (const [i, s] of skus.entries()) {
      const ids = new Set(answers.map((r) => r.json().resultados[i]));
      expect([...ids].every((r) => r.ok)).toBe(true);
      expect(new Set([...ids].map((r) => r.id)).size).toBe(1);
      const { rows } = await api.db.pool.query(
        `SELECT count(*)::int AS n FROM events
          WHERE type = 'ProdutoCadastrado.v1' AND data->>'sku' = $1 AND metadata->>'empresa_id' = $2`,
        [s, empresaId],
      );
      expect(rows[0].n).toBe(1);
    }
  });

  it('gives an alias to one product when two batches claim it at once', async () => {
    const alias = `ML-${sku()}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.send('POST', '/v1/produtos/lote', token, {
          itens: [{ sku: sku(), nome: 'X', apelidos: [alias] }],
        }),
      ),
    );
    const results = answers.map((r) => r.json().resultados[0]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => r.erro)).toEqual(
      Array(5).fill(`apelidos: o apelido ${alias} já pertence a outro produto`),
    );
  });
});
