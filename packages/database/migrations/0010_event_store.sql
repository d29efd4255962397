-- The event store: every stream's events in one global log (packages/event-store).
--
-- position: an identity sequence, so appenders never queue on a counter row. It is unique but
--   is NOT the read order: a transaction can take position 7 and commit after position 8 was
--   read. Readers order by (tx_id, position) and read only transactions older than every one
--   still running (pg_snapshot_xmin), which makes the global log gap-free for them.
-- tx_id: the writing transaction, taken from pg_current_xact_id() at insert time.
-- (stream_id, stream_revision) unique: two appenders expecting the same revision cannot both
--   win; the loser gets a unique violation and is told WrongExpectedRevision.
-- event_id unique: a retried append is recognised by its ids and writes nothing.
-- created: the caller's time of the fact; the database clock only when none was given.
CREATE TABLE events (
  position         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tx_id            xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id        text NOT NULL,
  stream_revision  bigint NOT NULL CHECK (stream_revision >= 0),
  event_id         uuid NOT NULL UNIQUE,
  type             text NOT NULL,
  data             jsonb NOT NULL,
  metadata         jsonb NOT NULL DEFAULT '{}',
  created          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_revision)
);

-- The global log's read order.
CREATE INDEX events_log_order ON events (tx_id, position);

-- The log is append-only: a mistake is corrected by a new event, never by an edit.
CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only (% refused)', TG_OP;
END $$;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();
