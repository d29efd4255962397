-- Idempotency keys of writes (packages/http/src/idempotency): one row per token and key,
-- kept 24 hours from the key's first use, then purged by a scheduled job.
--
-- state 'running': an attempt (attempt_id) is executing the request; concurrent requests
--   with the same key wait for it. lease_until bounds the wait: once it has passed, the
--   attempt is presumed dead (process killed) and the next request takes the key over.
--   Re-executing is safe because event ids derive from (token, key).
-- state 'done': status, headers and body of the first answer, replayed to every repeat.
--   body is the exact JSON text sent (success), or the error's {codigo, mensagem, campo}.
-- fingerprint: SHA-256 of method, path and canonical body; another body under the same key
--   is refused (409 chave_idempotencia_reutilizada).
-- created_at and lease_until come from the API's clock, so tests can move time.
CREATE TABLE idempotency_keys (
  token_id         uuid NOT NULL,
  idempotency_key  text NOT NULL CHECK (idempotency_key ~ '^[A-Za-z0-9_.:-]{1,100}$'),
  empresa_id       uuid NOT NULL,
  fingerprint      bytea NOT NULL,
  attempt_id       uuid NOT NULL,
  state            text NOT NULL CHECK (state IN ('running', 'done')),
  status           smallint CHECK (status IS NULL OR status < 500),
  headers          jsonb,
  body             text,
  created_at       timestamptz NOT NULL,
  lease_until      timestamptz NOT NULL,
  PRIMARY KEY (token_id, idempotency_key),
  CHECK (state = 'running' OR (status IS NOT NULL AND headers IS NOT NULL AND body IS NOT NULL))
);

-- The purge job deletes by age.
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
