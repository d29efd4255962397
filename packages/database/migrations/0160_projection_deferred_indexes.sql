-- projection_deferred_indexes: the secondary indexes a build of a projection has dropped until it
-- reaches the head of the log (issue 24: building an index once over a finished table is one
-- sort; keeping it up to date row by row is most of the cost of writing a row). A rebuild's
-- version defers them always, a live build when it starts from the log's start with its tables
-- empty and far behind the head. Each row is one index to make again, as pg_get_indexdef printed
-- it when it was dropped; the row goes in the transaction that makes the index, so a kill
-- anywhere leaves each index either made or still here.
CREATE TABLE projection_deferred_indexes (
  schema_name text NOT NULL,
  index_name text NOT NULL,
  table_name text NOT NULL,
  definition text NOT NULL,
  deferred_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (schema_name, index_name)
);
