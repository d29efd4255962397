-- Purchases' write-side lookups (packages/write-model/src/purchases/tables), inline projections
-- of the purchases events kept in step with the log: never read models. Order numbers are held
-- by uniqueness claims (write_side_unique_keys, scope 'pedido_compra_numero'), not here.

-- A purchase order's number and supplier: a receipt finds the order its items' xPed names, and
-- a new order's number is the company's highest + 1.
CREATE TABLE purchase_order_index (
  pedido_id      uuid PRIMARY KEY,
  empresa_id     uuid NOT NULL,
  fornecedor_id  uuid NOT NULL,
  numero         integer NOT NULL
);
CREATE INDEX purchase_order_index_numero ON purchase_order_index (empresa_id, numero);

-- A receipt's access key: cancelling names the receipt by id, its stream is the key's.
CREATE TABLE purchase_receipt_index (
  nota_id     uuid PRIMARY KEY,
  empresa_id  uuid NOT NULL,
  chave       text NOT NULL
);
