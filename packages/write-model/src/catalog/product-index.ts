import type { PoolClient } from '@factory/database';
import type { ProdutoEvent } from '@factory/domain';
import type { QueryConfig } from 'pg';

/**
 * The write-side index of a product's stream, folded from the events it appends, in the same
 * transaction: `catalog_products` (SKU, variation, manual cost, active bill version),
 * `catalog_product_aliases` and `catalog_bill_lines`. One statement per event.
 */
export async function indexProductEvents(
  client: PoolClient,
  empresaId: string,
  events: readonly ProdutoEvent[],
): Promise<void> {
  for (const event of events) {
    const statement = statementFor(empresaId, event);
    if (statement !== null) await client.query(statement);
  }
}

function statementFor(empresaId: string, event: ProdutoEvent): QueryConfig | null {
  switch (event.type) {
    case 'ProdutoCadastrado.v1': {
      const { produto_id, sku, variacao, custo_manual, apelidos } = event.data;
      return {
        text: `WITH product AS (
                 INSERT INTO catalog_products (produto_id, empresa_id, sku, variacao, custo_manual)
                 VALUES ($1, $2, $3, $4, $5))
               INSERT INTO catalog_product_aliases (empresa_id, apelido, produto_id)
               SELECT $2, unnest($6::text[]), $1`,
        values: [produto_id, empresaId, sku, json(variacao), custo_manual, apelidos],
      };
    }
    case 'ProdutoAlterado.v1': {
      const { produto_id, alteracoes } = event.data;
      const has = (key: string) => Object.hasOwn(alteracoes, key);
      if (!has('variacao') && !has('custo_manual') && !has('apelidos')) return null;
      // Aliases: drop those no longer listed, add the new ones; an alias another product holds
      // fails the primary key, which the runner turns into a fresh decision.
      return {
        text: `WITH product AS (
                 UPDATE catalog_products
                    SET variacao = CASE WHEN $3::boolean THEN $4::jsonb ELSE variacao END,
                        custo_manual = CASE WHEN $5::boolean THEN $6::numeric ELSE custo_manual END
                  WHERE produto_id = $1 AND empresa_id = $2),
               gone AS (
                 DELETE FROM catalog_product_aliases
                  WHERE $7::boolean AND empresa_id = $2 AND produto_id = $1 AND apelido <> ALL($8::text[]))
               INSERT INTO catalog_product_aliases (empresa_id, apelido, produto_id)
               SELECT $2, a.apelido, $1 FROM unnest($8::text[]) AS a(apelido)
                WHERE $7::boolean AND NOT EXISTS (
                  SELECT 1 FROM catalog_product_aliases x
                   WHERE x.empresa_id = $2 AND x.apelido = a.apelido AND x.produto_id = $1)`,
        values: [
          produto_id,
          empresaId,
          has('variacao'),
          json(alteracoes.variacao ?? null),
          has('custo_manual'),
          alteracoes.custo_manual ?? null,
          has('apelidos'),
          alteracoes.apelidos ?? [],
        ],
      };
    }
    case 'ProdutoExcluido.v1':
      // A deleted product frees its SKU (partial unique index) and its aliases.
      return {
        text: `WITH gone AS (DELETE FROM catalog_product_aliases WHERE empresa_id = $2 AND produto_id = $1)
               UPDATE catalog_products SET excluido_em = $3 WHERE produto_id = $1 AND empresa_id = $2`,
        values: [event.data.produto_id, empresaId, event.data.excluido_em],
      };
    case 'FichaDefinida.v1': {
      const { produto_id, versao, linhas } = event.data;
      return {
        text: `WITH gone AS (DELETE FROM catalog_bill_lines WHERE produto_id = $1 AND empresa_id = $2),
               product AS (UPDATE catalog_products SET ficha_versao = $3 WHERE produto_id = $1 AND empresa_id = $2)
               INSERT INTO catalog_bill_lines
                      (produto_id, versao, posicao, empresa_id, insumo_id, componente_id, consumo, perda_pct)
               SELECT $1, $3, l.n - 1, $2, l.insumo_id, l.componente_id, l.consumo, l.perda_pct
                 FROM unnest($4::uuid[], $5::uuid[], $6::numeric[], $7::numeric[])
                      WITH ORDINALITY AS l(insumo_id, componente_id, consumo, perda_pct, n)`,
        values: [
          produto_id,
          empresaId,
          versao,
          linhas.map((l) => l.insumo_id),
          linhas.map((l) => l.componente_id),
          linhas.map((l) => l.consumo),
          linhas.map((l) => l.perda_pct),
        ],
      };
    }
    case 'FichaDesativada.v1':
      return {
        text: `WITH gone AS (DELETE FROM catalog_bill_lines WHERE produto_id = $1 AND empresa_id = $2)
               UPDATE catalog_products SET ficha_versao = NULL WHERE produto_id = $1 AND empresa_id = $2`,
        values: [event.data.produto_id, empresaId],
      };
    default: {
      const unhandled: never = event;
      throw new Error(`product index: unknown event ${(unhandled as { type: string }).type}`);
    }
  }
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
