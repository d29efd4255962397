-- Production records (Apontamento), built by the 'producao' projection from
-- ApontamentoRegistrado.v1 and ApontamentoCancelado.v1. Every row carries its company
-- (invariant 8); times come from the events (invariant 6). GET /v1/producao/apontamentos orders
-- by (atualizado_em, id) within a company: one index per exact filter ends in that order.
CREATE TABLE producao_apontamentos (
  empresa_id     uuid NOT NULL,
  id             uuid NOT NULL,
  produto_id     uuid NOT NULL,
  quantidade     numeric NOT NULL,
  local_id       uuid NOT NULL,
  dia            date NOT NULL,
  referencia     text,
  motivo         text,
  estado         text NOT NULL CHECK (estado IN ('registrado', 'cancelado')),
  custo          numeric NOT NULL,
  movimentos     jsonb NOT NULL,  -- the movement ids, in the record's order
  criado_em      timestamptz NOT NULL,
  atualizado_em  timestamptz NOT NULL,
  PRIMARY KEY (empresa_id, id)
);
CREATE INDEX producao_apontamentos_lista ON producao_apontamentos (empresa_id, atualizado_em, id);
CREATE INDEX producao_apontamentos_dia ON producao_apontamentos (empresa_id, dia, atualizado_em, id);
CREATE INDEX producao_apontamentos_produto ON producao_apontamentos (empresa_id, produto_id, atualizado_em, id);
