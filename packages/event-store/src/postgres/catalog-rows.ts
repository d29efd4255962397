import type { PoolClient } from '@factory/database';
import type { QueryConfig } from 'pg';
import type { WriteSideRow } from '../write-side.js';

type CatalogRow = Extract<
  WriteSideRow,
  { kind: 'product' | 'product_aliases' | 'active_bill' | 'supply_item' | 'supplier' }
>;

export const isCatalogRow = (row: WriteSideRow): row is CatalogRow =>
  row.kind === 'product' ||
  row.kind === 'product_aliases' ||
  row.kind === 'active_bill' ||
  row.kind === 'supply_item' ||
  row.kind === 'supplier';

/**
 * The catalog's records, written in the append's transaction after its statement, one statement
 * per row in the order given: a command writes a handful, never a batch's worth, and two rows may
 * touch one record (a product and its bill), which one statement's parts could not do in order.
 */
export async function writeCatalogRows(
  client: PoolClient,
  rows: readonly CatalogRow[],
  options: { idempotent?: boolean } = {},
): Promise<void> {
  for (const row of rows) {
    const statement = statementOf(row);
    // Re-derived by the catch-up, a record may be there already: its creation is then a no-op.
    if (options.idempotent && /^\s*INSERT/.test(statement.text)) statement.text += ' ON CONFLICT DO NOTHING';
    await client.query(statement);
  }
}

// Per field: whether it is given, and its value (an undefined field keeps the stored one).
const given = (value: unknown) => value !== undefined;

function statementOf(row: CatalogRow): QueryConfig {
  switch (row.kind) {
    case 'product':
      return row.sku !== undefined
        ? {
            text: `INSERT INTO catalog_products (produto_id, empresa_id, sku, variacao, custo_manual, excluido_em)
                   VALUES ($1, $2, $3, $4, $5, $6)`,
            values: [
              row.produtoId,
              row.empresaId,
              row.sku,
              json(row.variacao ?? null),
              row.custoManual ?? null,
              row.excluidoEm ?? null,
            ],
          }
        : {
            // A deleted product's aliases go with it (they are freed).
            text: `WITH gone AS (
                     DELETE FROM catalog_product_aliases WHERE $7::boolean AND empresa_id = $2 AND produto_id = $1)
                   UPDATE catalog_products
                      SET variacao = CASE WHEN $3::boolean THEN $4::jsonb ELSE variacao END,
                          custo_manual = CASE WHEN $5::boolean THEN $6::numeric ELSE custo_manual END,
                          excluido_em = CASE WHEN $7::boolean THEN $8::timestamptz ELSE excluido_em END
                    WHERE produto_id = $1 AND empresa_id = $2`,
            values: [
              row.produtoId,
              row.empresaId,
              given(row.variacao),
              json(row.variacao ?? null),
              given(row.custoManual),
              row.custoManual ?? null,
              given(row.excluidoEm),
              row.excluidoEm ?? null,
            ],
          };
    case 'product_aliases':
      // Drop those no longer listed, add the new ones; one another product holds fails the key.
      return {
        text: `WITH gone AS (
                 DELETE FROM catalog_product_aliases
                  WHERE empresa_id = $2 AND produto_id = $1 AND apelido <> ALL($3::text[]))
               INSERT INTO catalog_product_aliases (empresa_id, apelido, produto_id)
               SELECT $2, a.apelido, $1 FROM unnest($3::text[]) AS a(apelido)
                WHERE NOT EXISTS (
                  SELECT 1 FROM catalog_product_aliases x
                   WHERE x.empresa_id = $2 AND x.apelido = a.apelido AND x.produto_id = $1)`,
        values: [row.produtoId, row.empresaId, row.apelidos],
      };
    case 'active_bill': {
      const lines = row.bill?.linhas ?? [];
      return {
        text: `WITH gone AS (DELETE FROM catalog_bill_lines WHERE produto_id = $1 AND empresa_id = $2),
               product AS (UPDATE catalog_products SET ficha_versao = $3 WHERE produto_id = $1 AND empresa_id = $2)
               INSERT INTO catalog_bill_lines
                      (produto_id, versao, posicao, empresa_id, insumo_id, componente_id, consumo, perda_pct)
               SELECT $1, $3, l.n - 1, $2, l.insumo_id, l.componente_id, l.consumo, l.perda_pct
                 FROM unnest($4::uuid[], $5::uuid[], $6::numeric[], $7::numeric[])
                      WITH ORDINALITY AS l(insumo_id, componente_id, consumo, perda_pct, n)
                WHERE $3::integer IS NOT NULL`,
        values: [
          row.produtoId,
          row.empresaId,
          row.bill?.versao ?? null,
          lines.map((l) => l.insumo_id),
          lines.map((l) => l.componente_id),
          lines.map((l) => l.consumo),
          lines.map((l) => l.perda_pct),
        ],
      };
    }
    case 'supply_item':
      return row.sku !== undefined
        ? {
            text: `INSERT INTO catalog_supply_items
                     (insumo_id, empresa_id, sku, unidade_compra, unidade_consumo, fator_conversao, custo_referencia)
                   VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            values: [
              row.insumoId,
              row.empresaId,
              row.sku,
              row.unidadeCompra,
              row.unidadeConsumo,
              row.fatorConversao,
              row.custoReferencia ?? null,
            ],
          }
        : {
            text: `UPDATE catalog_supply_items
                      SET unidade_compra = coalesce($3, unidade_compra),
                          unidade_consumo = coalesce($4, unidade_consumo),
                          fator_conversao = coalesce($5::numeric, fator_conversao),
                          custo_referencia = CASE WHEN $6::boolean THEN $7::numeric ELSE custo_referencia END,
                          excluido_em = coalesce($8::timestamptz, excluido_em)
                    WHERE insumo_id = $1 AND empresa_id = $2`,
            values: [
              row.insumoId,
              row.empresaId,
              row.unidadeCompra ?? null,
              row.unidadeConsumo ?? null,
              row.fatorConversao ?? null,
              given(row.custoReferencia),
              row.custoReferencia ?? null,
              row.excluidoEm ?? null,
            ],
          };
    case 'supplier':
      return row.create
        ? {
            text: 'INSERT INTO catalog_suppliers (fornecedor_id, empresa_id, documento) VALUES ($1, $2, $3)',
            values: [row.fornecedorId, row.empresaId, row.documento ?? null],
          }
        : {
            text: `UPDATE catalog_suppliers
                      SET documento = CASE WHEN $3::boolean THEN $4 ELSE documento END,
                          excluido_em = coalesce($5::timestamptz, excluido_em)
                    WHERE fornecedor_id = $1 AND empresa_id = $2`,
            values: [
              row.fornecedorId,
              row.empresaId,
              given(row.documento),
              row.documento ?? null,
              row.excluidoEm ?? null,
            ],
          };
  }
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
