-- Production read models (packages/read-models/src/production), built by the 'producao' projection.
--
-- producao_planos: the current day plan of each (company, production day), as its last
--   PlanoSubstituido.v1 left it: lines in the order given, versao, and the instant of the last
--   replacement (from the event, invariant 6). A day never planned has no row.
CREATE TABLE producao_planos (
  empresa_id     uuid NOT NULL,
  dia            date NOT NULL,
  versao         integer NOT NULL,
  itens          jsonb NOT NULL,
  atualizado_em  timestamptz NOT NULL,
  PRIMARY KEY (empresa_id, dia)
);
