-- Uniqueness claims of the write side (the event store port's UniquenessChange): one holder per
-- (company, scope, value). The PostgreSQL store claims and releases them in the append's own
-- statement, so a claim commits with its events. The catalog tables' partial unique indexes
-- (0060) stay as a second wall; this table is what the port's contract rests on.
CREATE TABLE write_side_unique_keys (
  empresa_id  uuid NOT NULL,
  scope       text NOT NULL,
  value       text NOT NULL,
  owner       uuid NOT NULL,
  PRIMARY KEY (empresa_id, scope, value)
);

INSERT INTO write_side_unique_keys (empresa_id, scope, value, owner)
SELECT empresa_id, 'produto_sku', sku, produto_id FROM catalog_products WHERE excluido_em IS NULL
UNION ALL
SELECT empresa_id, 'produto_apelido', apelido, produto_id FROM catalog_product_aliases
UNION ALL
SELECT empresa_id, 'insumo_sku', sku, insumo_id FROM catalog_supply_items WHERE excluido_em IS NULL
UNION ALL
SELECT empresa_id, 'fornecedor_documento', documento, fornecedor_id FROM catalog_suppliers
 WHERE excluido_em IS NULL AND documento IS NOT NULL
ON CONFLICT DO NOTHING;
