-- Operating the projections (operations.md, "Projections"): versions, rebuilds, liveness.
--
-- projection_checkpoints gains, per build:
--   versao:  the build's version. The live build of a fresh database is version 1; a rebuild
--            builds version n+1 beside it and the swap hands the live name to it.
--   erro:    the last failure of this build's batches, cleared by its next committed batch.
--   vivo_em: last heartbeat of a worker following this build (null: never followed).
ALTER TABLE projection_checkpoints
  ADD COLUMN versao  integer NOT NULL DEFAULT 1,
  ADD COLUMN erro    text,
  ADD COLUMN vivo_em timestamptz;

-- One row per rebuild asked for. It is the request and the rebuild's record: the job that
-- builds it (BullMQ, or in-process without Redis) is only its transport, so a rebuild survives
-- Redis restarting empty and the death of every worker: the next worker enqueues every open one.
--   estado:     reconstruindo (open), concluida (swapped in), falhou (retries ran out; erro).
--   preparada:  its shadow schema and checkpoint exist (resuming must not recreate them).
--   eventos:    log events the build has applied so far; eventos_por_segundo, eta_segundos:
--               its last progress report.
--   segundos:   wall time from the request to the swap.
CREATE TABLE projection_rebuilds (
  id                   uuid PRIMARY KEY,
  projecao             text NOT NULL,
  versao               integer NOT NULL,
  estado               text NOT NULL DEFAULT 'reconstruindo'
                       CHECK (estado IN ('reconstruindo', 'concluida', 'falhou')),
  preparada            boolean NOT NULL DEFAULT false,
  tentativas           integer NOT NULL DEFAULT 0,
  erro                 text,
  eventos              bigint NOT NULL DEFAULT 0,
  eventos_por_segundo  double precision,
  eta_segundos         double precision,
  segundos             double precision,
  criada_em            timestamptz NOT NULL DEFAULT now(),
  atualizada_em        timestamptz NOT NULL DEFAULT now(),
  concluida_em         timestamptz
);
-- A second rebuild of a projection already rebuilding is refused by this index.
CREATE UNIQUE INDEX projection_rebuilds_uma_aberta ON projection_rebuilds (projecao)
  WHERE estado = 'reconstruindo';
CREATE INDEX projection_rebuilds_recentes ON projection_rebuilds (projecao, criada_em DESC);
