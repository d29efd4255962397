-- Write-side tables of the stock ledger (packages/write-model). Never read by the API's
-- lists: read models are the projector's; these serve command handling only.

-- The decided state of one supply item's stream at a revision, so a command folds only the
-- events after it instead of the item's whole history. Written every few appends, and only
-- ever moved forward (an older snapshot never overwrites a newer one).
CREATE TABLE stock_snapshots (
  stream      text PRIMARY KEY,
  empresa_id  uuid NOT NULL,
  revision    bigint NOT NULL CHECK (revision >= 0),
  snapshot    jsonb NOT NULL
);

-- Movement id -> the item whose stream holds it, for the reversal, which names only the
-- movement. Written in the same transaction as the movement's event, so it is never behind
-- the log (read models lag; this must not). revision: the event's place in that stream.
CREATE TABLE stock_movement_index (
  movimento_id  uuid PRIMARY KEY,
  empresa_id    uuid NOT NULL,
  insumo_id     uuid NOT NULL,
  revision      bigint NOT NULL CHECK (revision >= 0)
);
