import { randomCnpj } from '@factory/tenants/testing';
import { describeWith, rowsModeOfTests } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  lote,
  sku,
  startCatalogApi,
  tecido,
} from '../../test/catalog/catalog-api.fixture.js';
import { statementCounter } from '../../test/catalog/statement-counter.js';

// As for products (produtos-lote/statements.int.test.ts): with rows after the commit the store
// reads each claimed key's reservation stream, statements per item that are the store's.
const afterCommit = rowsModeOfTests() === 'after-commit';
if (afterCommit)
  console.warn(
    'SKIPPED "statements per batch" of supply items and suppliers: EVENT_STORE_ROWS=after-commit, where the store reads each key\'s reservation stream',
  );

/** A batch's items for `size` new records, as sent each time with `nome` changed (or not). */
const batches: Record<string, (size: number) => (nome: string) => Record<string, unknown>[]> = {
  insumos: (size) => {
    const skus = Array.from({ length: size }, () => sku('TEC'));
    return (nome) => skus.map((s) => tecido({ sku: s, nome }));
  },
  fornecedores: (size) => {
    const cnpjs = Array.from({ length: size }, () => randomCnpj());
    return (nome) => cnpjs.map((cnpj) => ({ cnpj, nome, uf: 'SC' }));
  },
};

describeWith(
  ['postgres', 'redis'],
  'POST /v1/insumos/lote and /v1/fornecedores/lote, statements per batch',
  () => {
    let api: CatalogApi;
    let token: string;
    let counted: ReturnType<typeof statementCounter>;

    beforeAll(async () => {
      api = await startCatalogApi();
      ({ token } = await api.tenant());
      counted = statementCounter(api.db.pool);
      // The token's first use reads it; later requests find it cached.
      await lote(api, 'insumos', token, [tecido()]);
    });

    /** Each phase's statements for a batch of `size` new records: created, changed, sent again. */
    async function phases(recurso: string, size: number) {
      const items = batches[recurso]!(size);
      const ids = new Set<string | null>();
      const send = (nome: string) => async () => {
        const resultados = await lote(api, recurso, token, items(nome));
        expect(resultados.filter((r) => r.ok)).toHaveLength(size);
        for (const r of resultados) ids.add(r.id);
      };
      const created = await counted(send('Primeiro'));
      const changed = await counted(send('Segundo'));
      const unchanged = await counted(send('Segundo'));
      // Every batch matched the records the first created.
      expect(ids.size).toBe(size);
      return { created, changed, unchanged };
    }

    it.skipIf(afterCommit).each(Object.keys(batches))(
      '%s: as many statements for 100 items as for 10, and few',
      async (recurso) => {
        const ten = await phases(recurso, 10);
        const hundred = await phases(recurso, 100);
        console.info(
          `${recurso} statements per batch: 10 items ${JSON.stringify(ten)}, 100 items ${JSON.stringify(hundred)}`,
        );
        expect(hundred).toEqual(ten);
        expect(ten.created).toBeLessThan(10);
      },
    );
  },
);
