-- Projector checkpoints and the stock read models (packages/read-models).
--
-- projection_checkpoints: one row per projection build. The live build of a projection is
--   named after it ('estoque'); a rebuild writes under another name (e.g. 'estoque@rebuild')
--   into a shadow schema holding copies of the same tables, and the swap renames both.
-- tx_id, position: the log checkpoint of the last event applied (a pair: the log is ordered
--   by (tx_id, position), see packages/event-store). numeric, because transaction ids are
--   64-bit unsigned and KurrentDB's (commit, prepare) pair is too.
-- watermark: the latest instant at which this build had applied everything committed to
--   the log (invariant 7). Lists cut at min(now, watermark) - window. Null: never at the head.
-- Both move in the same transaction as the read-model rows (invariant 5).
CREATE TABLE projection_checkpoints (
  name           text PRIMARY KEY,
  tx_id          numeric(20, 0) NOT NULL DEFAULT 0,
  position       bigint NOT NULL DEFAULT 0,
  watermark      timestamptz,
  atualizado_em  timestamptz NOT NULL DEFAULT now()  -- operational only, never shown by the API
);

-- The stock ledger, append-only like the log it is copied from: one row per movement.
-- Every row carries its company (invariant 8); timestamps come from the events (invariant 6).
CREATE TABLE estoque_movimentos (
  empresa_id            uuid NOT NULL,
  id                    uuid NOT NULL,
  insumo_id             uuid NOT NULL,
  local_id              uuid NOT NULL,
  tipo                  text NOT NULL,
  quantidade            numeric NOT NULL,
  unidade               text NOT NULL,
  custo_unitario        numeric NOT NULL,
  custo_unitario_bruto  numeric NOT NULL,
  referencia            text,
  motivo                text,
  origem                text NOT NULL,
  estornado_id          uuid,
  criado_em             timestamptz NOT NULL,
  -- The list's order (GET /v1/estoque/movimentos: criado_em, then id, within a company) is
  -- the key: one index fewer to maintain than a separate (empresa_id, id) key, which nothing
  -- reads (a movement appears once per log, and the projector applies each event once).
  CONSTRAINT estoque_movimentos_lista PRIMARY KEY (empresa_id, criado_em, id)
);
-- One index per exact filter, so that every page, filtered or not, is a bounded index range scan.
CREATE INDEX estoque_movimentos_insumo ON estoque_movimentos (empresa_id, insumo_id, criado_em, id);
CREATE INDEX estoque_movimentos_local ON estoque_movimentos (empresa_id, local_id, criado_em, id);
CREATE INDEX estoque_movimentos_tipo ON estoque_movimentos (empresa_id, tipo, criado_em, id);

-- Balance of one supply item in one location. A row stays when its balance reaches zero, so
-- incremental readers see it reach zero. valor = saldo x custo_medio rounded to centavos.
CREATE TABLE estoque_saldos (
  empresa_id         uuid NOT NULL,
  insumo_id          uuid NOT NULL,
  local_id           uuid NOT NULL,
  saldo              numeric NOT NULL,
  unidade            text NOT NULL,
  custo_medio        numeric NOT NULL,
  custo_medio_bruto  numeric NOT NULL,
  valor              numeric NOT NULL,
  atualizado_em      timestamptz NOT NULL,
  PRIMARY KEY (empresa_id, insumo_id, local_id)
);
-- GET /v1/estoque/saldos orders by (atualizado_em, insumo_id, local_id) within a company.
CREATE INDEX estoque_saldos_lista ON estoque_saldos (empresa_id, atualizado_em, insumo_id, local_id);
CREATE INDEX estoque_saldos_insumo ON estoque_saldos (empresa_id, insumo_id, atualizado_em, local_id);
CREATE INDEX estoque_saldos_local ON estoque_saldos (empresa_id, local_id, atualizado_em, insumo_id);

-- Stock of one supply item across its locations (served later inside GET /v1/insumos):
-- saldo is the sum; the averages weigh each location by its positive balance, and with no
-- positive balance anywhere they are those of the location moved last (README of
-- packages/read-models says why).
CREATE TABLE estoque_itens (
  empresa_id         uuid NOT NULL,
  insumo_id          uuid NOT NULL,
  saldo              numeric NOT NULL,
  custo_medio        numeric NOT NULL,
  custo_medio_bruto  numeric NOT NULL,
  atualizado_em      timestamptz NOT NULL,
  PRIMARY KEY (empresa_id, insumo_id)
);
