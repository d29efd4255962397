-- Catalog read models (packages/read-models/src/catalog): products, supply items, suppliers and
-- active bills of materials, built by ONE projection, 'catalogo'. It also handles the stock
-- movements it needs (an item's balance and averages, and through them the bill costs), so its
-- own checkpoint orders catalog and stock events: a rebuild gives the same rows (invariant 6).
--
-- Every row carries its company (invariant 8). Every timestamp comes from an event. atualizado_em
-- never moves back (greatest) and moves whenever a value the row shows changes, derived costs
-- included; lists order by (atualizado_em, id), so each has an index led by the company and
-- ending in that order, one per exact filter. The default lists hide deleted rows: their main
-- index is partial, and a full one serves incluir_excluidos=true.

CREATE TABLE catalogo_produtos (
  empresa_id         uuid NOT NULL,
  id                 uuid NOT NULL,
  sku                text NOT NULL,
  nome               text NOT NULL,
  familia            text,
  atributos          jsonb NOT NULL,
  ean                text,
  ncm                text,
  status             text NOT NULL,
  tipo               text NOT NULL,
  apelidos           text[] NOT NULL,
  peso_kg            numeric,
  peso_cubado_kg     numeric,
  largura_cm         numeric,
  altura_cm          numeric,
  comprimento_cm     numeric,
  ipi_pct            numeric,
  icms_pct           numeric,
  importado          boolean NOT NULL,
  variacao_grupo_id  uuid,
  variacao_base      boolean,
  variacao_eixos     text[],
  custo_manual       numeric,
  tem_ficha          boolean NOT NULL DEFAULT false,
  -- As shown: the active bill's cost rounded half away from zero to 2 places; null without one.
  custo_ficha        numeric,
  custo_ficha_bruto  numeric,
  -- Unrounded: what a product consuming this one as a component adds up (and the Ficha's
  -- custo, rounded to 4 places when read). Null without an active bill.
  custo_exato        numeric,
  custo_exato_bruto  numeric,
  criado_em          timestamptz NOT NULL,
  atualizado_em      timestamptz NOT NULL,
  excluido_em        timestamptz,
  PRIMARY KEY (empresa_id, id)
)
-- Room on each page: a re-costing that changes no shown value (only custo_exato) touches no
-- indexed column and can then be a HOT update, which writes no index.
WITH (fillfactor = 85);
CREATE INDEX catalogo_produtos_lista ON catalogo_produtos (empresa_id, atualizado_em, id)
  WHERE excluido_em IS NULL;
CREATE INDEX catalogo_produtos_lista_todos ON catalogo_produtos (empresa_id, atualizado_em, id);
CREATE INDEX catalogo_produtos_sku ON catalogo_produtos (empresa_id, sku, atualizado_em, id);
CREATE INDEX catalogo_produtos_familia ON catalogo_produtos (empresa_id, familia, atualizado_em, id);
CREATE INDEX catalogo_produtos_status ON catalogo_produtos (empresa_id, status, atualizado_em, id);
CREATE INDEX catalogo_produtos_tipo ON catalogo_produtos (empresa_id, tipo, atualizado_em, id);

-- saldo and the averages are the item's stock across its locations, kept from the stock events
-- this projection handles (catalogo_insumo_locais); custo_medio is null until the first movement.
CREATE TABLE catalogo_insumos (
  empresa_id            uuid NOT NULL,
  id                    uuid NOT NULL,
  sku                   text NOT NULL,
  nome                  text NOT NULL,
  familia               text,
  ativo                 boolean NOT NULL,
  unidade_compra        text NOT NULL,
  unidade_consumo       text NOT NULL,
  fator_conversao       numeric NOT NULL,
  ncm                   text,
  minimo                numeric,
  lead_time_dias        integer,
  fornecedor_padrao_id  text,  -- as the event carries it: text, so no value can stop the projection
  custo_referencia      numeric,
  saldo                 numeric NOT NULL DEFAULT 0,
  custo_medio           numeric,
  custo_medio_bruto     numeric,
  criado_em             timestamptz NOT NULL,
  atualizado_em         timestamptz NOT NULL,
  excluido_em           timestamptz,
  PRIMARY KEY (empresa_id, id)
);
CREATE INDEX catalogo_insumos_lista ON catalogo_insumos (empresa_id, atualizado_em, id)
  WHERE excluido_em IS NULL;
CREATE INDEX catalogo_insumos_lista_todos ON catalogo_insumos (empresa_id, atualizado_em, id);
CREATE INDEX catalogo_insumos_sku ON catalogo_insumos (empresa_id, sku, atualizado_em, id);
CREATE INDEX catalogo_insumos_ativo ON catalogo_insumos (empresa_id, ativo, atualizado_em, id);
CREATE INDEX catalogo_insumos_familia ON catalogo_insumos (empresa_id, familia, atualizado_em, id);

-- This projection's own copy of each location's after-state (the stock projection has one too,
-- but at its own log position): the item averages are computed from it.
CREATE TABLE catalogo_insumo_locais (
  empresa_id         uuid NOT NULL,
  insumo_id          uuid NOT NULL,
  local_id           uuid NOT NULL,
  saldo              numeric NOT NULL,
  custo_medio        numeric NOT NULL,
  custo_medio_bruto  numeric NOT NULL,
  movido_em          timestamptz NOT NULL,  -- greatest criado_em of its movements
  PRIMARY KEY (empresa_id, insumo_id, local_id)
);

-- Neither the individual's tax id (CPF) nor the contact nor the XML e-mail is kept: never exposed.
CREATE TABLE catalogo_fornecedores (
  empresa_id          uuid NOT NULL,
  id                  uuid NOT NULL,
  nome                text NOT NULL,
  cnpj                text,
  regime              text,
  uf                  text,
  lead_time_dias      integer,
  condicao_pagamento  integer[],
  ativo               boolean NOT NULL,
  criado_em           timestamptz NOT NULL,
  atualizado_em       timestamptz NOT NULL,
  excluido_em         timestamptz,
  PRIMARY KEY (empresa_id, id)
);
CREATE INDEX catalogo_fornecedores_lista ON catalogo_fornecedores (empresa_id, atualizado_em, id)
  WHERE excluido_em IS NULL;
CREATE INDEX catalogo_fornecedores_lista_todos ON catalogo_fornecedores (empresa_id, atualizado_em, id);
CREATE INDEX catalogo_fornecedores_ativo ON catalogo_fornecedores (empresa_id, ativo, atualizado_em, id);
CREATE INDEX catalogo_fornecedores_cnpj ON catalogo_fornecedores (empresa_id, cnpj, atualizado_em, id);

-- The ACTIVE version of each product's bill, only: a deactivated bill's row is deleted.
-- versao_id is the id of the FichaDefinida event (the version's identity in the log).
-- atualizado_em is the version's creation instant (the specification's rule for Ficha).
CREATE TABLE catalogo_fichas (
  empresa_id     uuid NOT NULL,
  produto_id     uuid NOT NULL,
  versao         integer NOT NULL,
  versao_id      uuid NOT NULL,
  linhas         json NOT NULL,  -- as shown, in the bill's order; built from catalogo_ficha_linhas
  atualizado_em  timestamptz NOT NULL,
  PRIMARY KEY (empresa_id, produto_id)
);
CREATE INDEX catalogo_fichas_lista ON catalogo_fichas (empresa_id, atualizado_em, versao_id);

-- The active bills' lines, one row each: the graph the cost roll-up walks upwards (which
-- products consume a part, at any depth) through the index on parte_id.
CREATE TABLE catalogo_ficha_linhas (
  empresa_id  uuid NOT NULL,
  produto_id  uuid NOT NULL,
  ordem       integer NOT NULL,
  id          text NOT NULL,  -- the line id the writer gave (a uuid), kept as text
  tipo        text NOT NULL,
  parte_id    uuid NOT NULL,  -- the insumo_id or the componente_id
  consumo     numeric NOT NULL,
  unidade     text NOT NULL,
  perda_pct   numeric NOT NULL,
  PRIMARY KEY (empresa_id, produto_id, ordem)
);
CREATE INDEX catalogo_ficha_linhas_parte ON catalogo_ficha_linhas (empresa_id, parte_id, produto_id);
