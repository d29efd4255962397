-- The KurrentDB adapter's row in write_side_checkpoint. It starts at the log's start: with that
-- log no event's rows are written in its commit, so every event's rows come through the catch-up.
-- Made here, once, so that a catch-up only ever reads and moves its row.
INSERT INTO write_side_checkpoint (name, tx_id, position) VALUES ('rows-kurrentdb', '0', 0)
ON CONFLICT (name) DO NOTHING;
