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
import { CATCH_UP_LOOKS, statementCounter } from '../../test/catalog/statement-counter.js';

// In both rows modes. With rows after the commit the store reads every claimed key's reservation
// stream in one statement and catches the rows up set by set (issue 24): a few statements more
// per batch, whatever its size. The catch-up's looks at the log are not counted there (see
// CATCH_UP_LOOKS): how many it takes depends on other work on the server.
const afterCommit = rowsModeOfTests() === 'after-commit';
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
      counted = statementCounter(api.db.pool, afterCommit ? CATCH_UP_LOOKS : null);
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

    it.each(Object.keys(batches))(
      '%s: as many statements for 100 items as for 10, and few',
      async (recurso) => {
        const ten = await phases(recurso, 10);
        const hundred = await phases(recurso, 100);
        console.info(
          `${recurso} statements per batch: 10 items ${JSON.stringify(ten)}, 100 items ${JSON.stringify(hundred)}`,
        );
        expect(hundred).toEqual(ten);
        expect(ten.created).toBeLessThan(afterCommit ? 15 : 10);
      },
    );
  },
);
