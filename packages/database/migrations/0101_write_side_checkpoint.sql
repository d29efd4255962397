-- Where the write-side catch-up of the event store's "rows after commit" mode (the way a log
-- without our tables, KurrentDB, must run) has applied the log's rows up to: the checkpoint of
-- the last event whose rows are written. Moved in the same transaction as the rows it covers.
-- It starts at the log's head: every event before it was written with its rows in its commit.
CREATE TABLE write_side_checkpoint (
  name      text PRIMARY KEY,
  tx_id     text NOT NULL,
  position  bigint NOT NULL
);
INSERT INTO write_side_checkpoint (name, tx_id, position)
SELECT 'rows', coalesce((SELECT tx_id::text FROM events ORDER BY tx_id DESC, position DESC LIMIT 1), '0'),
       coalesce((SELECT position FROM events ORDER BY tx_id DESC, position DESC LIMIT 1), 0);
