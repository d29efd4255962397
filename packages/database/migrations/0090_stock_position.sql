-- Stock at a past date (GET /v1/estoque/posicao, packages/read-models/src/stock/position-query.ts).
--
-- Each ledger row keeps the location's state right after its movement, as its event decided it
-- (invariant 1: copied, never recomputed), and the movement's revision in its item's stream,
-- which orders the movements of one item and location when their criado_em are equal.
-- The position of a pair at an instant is then its last row at or before the instant: one probe
-- of estoque_movimentos_posicao per pair, never a fold of the history.
ALTER TABLE estoque_movimentos
  ADD COLUMN saldo_apos numeric,
  ADD COLUMN custo_medio_apos numeric,
  ADD COLUMN revisao bigint;

-- Rows projected before this migration: from their events (a movement's id is its event's id).
UPDATE estoque_movimentos m
   SET saldo_apos = (e.data ->> 'saldo')::numeric,
       custo_medio_apos = (e.data ->> 'custo_medio')::numeric,
       revisao = e.stream_revision
  FROM events e
 WHERE e.event_id = m.id;

ALTER TABLE estoque_movimentos
  ALTER COLUMN saldo_apos SET NOT NULL,
  ALTER COLUMN custo_medio_apos SET NOT NULL,
  ALTER COLUMN revisao SET NOT NULL;

-- A pair's last movement at or before an instant, read from the index alone (the ledger is
-- append-only, so its pages stay all-visible). The location leads and id follows criado_em on
-- purpose: the movement list filtered by item and location reads it in its own order, while a
-- list filtered by item alone cannot use it (it would have to sort) and keeps
-- estoque_movimentos_insumo. Equal criado_em of one pair are ordered by revisao at read time.
CREATE INDEX estoque_movimentos_posicao ON estoque_movimentos
  (empresa_id, local_id, insumo_id, criado_em, id) INCLUDE (revisao, saldo_apos, custo_medio_apos);

-- The pairs of a company in the position's order, when filtered by location.
CREATE INDEX estoque_saldos_local_insumo ON estoque_saldos (empresa_id, local_id, insumo_id);
