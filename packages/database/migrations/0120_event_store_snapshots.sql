-- Snapshots belong to the event store port (issue 21): one table for every kind of decided state,
-- keyed by (kind, stream), instead of one table per write model that the port had to know by name.
-- The kind is the decider's name (`stock`, `catalog`). The old tables' rows are copied, so no
-- decided state is lost; the old tables are no longer written or read by this code and are kept
-- only so that a build of an earlier commit still runs on a database migrated this far.
CREATE TABLE event_store_snapshots (
  kind      text NOT NULL,
  stream    text NOT NULL,
  revision  bigint NOT NULL CHECK (revision >= 0),
  snapshot  jsonb NOT NULL,
  PRIMARY KEY (kind, stream)
);

INSERT INTO event_store_snapshots (kind, stream, revision, snapshot)
SELECT 'stock', stream, revision, snapshot FROM stock_snapshots;

INSERT INTO event_store_snapshots (kind, stream, revision, snapshot)
SELECT 'catalog', stream, revision, snapshot FROM catalog_snapshots;
