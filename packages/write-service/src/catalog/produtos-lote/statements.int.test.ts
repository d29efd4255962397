import { describeWith, rowsModeOfTests } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { type CatalogApi, lote, sku, startCatalogApi } from '../../../test/catalog/catalog-api.fixture.js';
import { CATCH_UP_LOOKS, statementCounter } from '../../../test/catalog/statement-counter.js';

// In both rows modes. With rows after the commit the store reads every claimed key's reservation
// stream in one statement and catches the rows up set by set (issue 24): a few statements more
// per batch, whatever its size. The catch-up's looks at the log are not counted there (see
// CATCH_UP_LOOKS): how many it takes depends on other work on the server.
const afterCommit = rowsModeOfTests() === 'after-commit';
describeWith(['postgres', 'redis'], 'POST /v1/produtos/lote, statements per batch', () => {
  let api: CatalogApi;
  let token: string;
  let empresaId: string;
  let counted: ReturnType<typeof statementCounter>;

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token, empresaId } = await api.tenant());
    counted = statementCounter(api.db.pool, afterCommit ? CATCH_UP_LOOKS : null);
    // The token's first use reads it; later requests find it cached.
    await lote(api, 'produtos', token, [{ sku: sku(), nome: 'Primeiro' }]);
  });

  /** Each phase's statements for a batch of `size` new products: created, changed, sent again. */
  async function phases(size: number) {
    const skus = Array.from({ length: size }, () => sku());
    const item = (s: string, nome: string) => ({ sku: s, nome, apelidos: [`ML-${s}`], familia: nome });
    const send = (nome: string) => async () => {
      const resultados = await lote(
        api,
        'produtos',
        token,
        skus.map((s) => item(s, nome)),
      );
      expect(resultados.filter((r) => r.ok)).toHaveLength(size);
    };
    const created = await counted(send('Camiseta'));
    const changed = await counted(send('Camisa'));
    const unchanged = await counted(send('Camisa'));
    const { rows } = await api.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catalog_products p
         JOIN events e ON e.stream_id = 'produto-' || $2::text || '-' || p.produto_id
        WHERE p.empresa_id = $2::uuid AND p.sku = ANY($1)`,
      [skus, empresaId],
    );
    // Created and changed once each: the counts are of batches that wrote every item.
    expect(rows[0]!.n).toBe(2 * size);
    return { created, changed, unchanged };
  }

  it('issues as many statements for 100 items as for 10: one load, one append, one set of rows', async () => {
    const ten = await phases(10);
    const hundred = await phases(100);
    console.info(
      `produtos statements per batch: 10 items ${JSON.stringify(ten)}, 100 items ${JSON.stringify(hundred)}`,
    );
    expect(hundred).toEqual(ten);
    // And few: the lookups of the batch, the append with its rows, no statement per item.
    expect(ten.created).toBeLessThan(afterCommit ? 15 : 10);
  });
});
