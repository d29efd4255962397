-- Write-side tables of the catalog (packages/write-model/src/catalog). Never read by the API's
-- lists: read models are the projector's and lag the log; these are written in the same
-- transaction as the events they follow, so the facts a command is decided against (which
-- product has this SKU, who owns this alias, which active bills use this item) are never behind
-- the log. Every row carries its company (invariant 8); every lookup is scoped by it.

-- The decided state of a catalog stream (product, supplier, or a supply item's stock stream
-- folded by the catalog decider) at a revision. Moved only forward. The stock decider keeps its
-- own snapshots of the supply item streams in stock_snapshots: the two states differ.
CREATE TABLE catalog_snapshots (
  stream      text PRIMARY KEY,
  empresa_id  uuid NOT NULL,
  revision    bigint NOT NULL CHECK (revision >= 0),
  snapshot    jsonb NOT NULL
);

-- One row per product ever created. SKU -> id among non-deleted products is the batch's key:
-- the partial unique index is what makes two batches racing to create one SKU end with one
-- product (the loser's transaction fails here and its item is decided again as an update).
-- variacao: the product's place in a variation group (group head lookups, member counts).
-- ficha_versao: the active bill's version, null without an active bill.
-- custo_manual: what a component without a bill costs, for the Ficha's custo.
CREATE TABLE catalog_products (
  produto_id    uuid PRIMARY KEY,
  empresa_id    uuid NOT NULL,
  sku           text NOT NULL,
  variacao      jsonb,
  grupo_id      uuid GENERATED ALWAYS AS ((variacao ->> 'grupo_id')::uuid) STORED,
  custo_manual  numeric,
  ficha_versao  integer,
  excluido_em   timestamptz
);
CREATE UNIQUE INDEX catalog_products_sku ON catalog_products (empresa_id, sku) WHERE excluido_em IS NULL;
CREATE INDEX catalog_products_group ON catalog_products (empresa_id, grupo_id) WHERE excluido_em IS NULL;

-- External SKUs: one alias belongs to one non-deleted product of the company. A deleted
-- product's aliases are removed, which frees them.
CREATE TABLE catalog_product_aliases (
  empresa_id  uuid NOT NULL,
  apelido     text NOT NULL,
  produto_id  uuid NOT NULL,
  PRIMARY KEY (empresa_id, apelido)
);
CREATE INDEX catalog_product_aliases_product ON catalog_product_aliases (produto_id);

-- One row per supply item created through the catalog: SKU -> id among non-deleted items, and
-- the definition a bill line needs (units, factor) and its reference cost.
CREATE TABLE catalog_supply_items (
  insumo_id         uuid PRIMARY KEY,
  empresa_id        uuid NOT NULL,
  sku               text NOT NULL,
  unidade_compra    text NOT NULL,
  unidade_consumo   text NOT NULL,
  fator_conversao   numeric NOT NULL,
  custo_referencia  numeric,
  excluido_em       timestamptz
);
CREATE UNIQUE INDEX catalog_supply_items_sku ON catalog_supply_items (empresa_id, sku) WHERE excluido_em IS NULL;

-- Suppliers: tax id (CNPJ, or an individual's CPF: digits) -> id among non-deleted suppliers.
CREATE TABLE catalog_suppliers (
  fornecedor_id  uuid PRIMARY KEY,
  empresa_id     uuid NOT NULL,
  documento      text,
  excluido_em    timestamptz
);
CREATE UNIQUE INDEX catalog_suppliers_documento ON catalog_suppliers (empresa_id, documento)
  WHERE excluido_em IS NULL AND documento IS NOT NULL;

-- The lines of every active bill: the company's bill graph (product -> what its active bill
-- consumes). Cycle checks walk it from a new line's component; "used by an active bill" looks
-- an item up by its id. Replaced whole when a bill is defined, removed when it is deactivated.
-- versao in the key: one statement deletes the old version's lines and inserts the new one's.
-- consumo and perda_pct feed the Ficha's custo.
CREATE TABLE catalog_bill_lines (
  produto_id     uuid NOT NULL,
  versao         integer NOT NULL,
  posicao        integer NOT NULL,
  empresa_id     uuid NOT NULL,
  insumo_id      uuid,
  componente_id  uuid,
  consumo        numeric NOT NULL,
  perda_pct      numeric NOT NULL,
  PRIMARY KEY (produto_id, versao, posicao),
  CHECK ((insumo_id IS NULL) <> (componente_id IS NULL))
);
CREATE INDEX catalog_bill_lines_component ON catalog_bill_lines (empresa_id, componente_id)
  WHERE componente_id IS NOT NULL;
CREATE INDEX catalog_bill_lines_supply_item ON catalog_bill_lines (empresa_id, insumo_id)
  WHERE insumo_id IS NOT NULL;
