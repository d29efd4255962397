-- Purchases read models (packages/read-models/src/purchases), built by the 'compras' projection
-- from the purchases events (packages/domain/src/purchases/events.ts). Every row carries its
-- company (invariant 8); instants come from the events (invariant 6). The lists order by
-- (atualizado_em, id) within a company: one index per exact filter ends in that order.

-- Purchase orders (PedidoCompra): the header; situacao as the order's last event decided it.
CREATE TABLE compras_pedidos (
  empresa_id           uuid NOT NULL,
  id                   uuid NOT NULL,
  numero               integer NOT NULL,
  fornecedor_id        uuid NOT NULL,
  local_id             uuid NOT NULL,
  situacao             text NOT NULL CHECK (situacao IN ('aberto', 'parcial', 'recebido', 'cancelado')),
  previsto_para        date NOT NULL,
  condicao_pagamento   jsonb,          -- days of each instalment, or null
  observacao           text,
  valor_total          numeric,        -- null when a line has no price
  motivo_cancelamento  text,
  criado_em            timestamptz NOT NULL,
  atualizado_em        timestamptz NOT NULL,
  PRIMARY KEY (empresa_id, id)
);
CREATE INDEX compras_pedidos_lista ON compras_pedidos (empresa_id, atualizado_em, id);
CREATE INDEX compras_pedidos_fornecedor ON compras_pedidos (empresa_id, fornecedor_id, atualizado_em, id);
CREATE INDEX compras_pedidos_situacao ON compras_pedidos (empresa_id, situacao, atualizado_em, id);

-- The order's lines, in the order given (posicao from 1). quantidade_recebida is the sum of the
-- quantities of the receipts in compras_pedido_atendimentos not undone.
CREATE TABLE compras_pedido_itens (
  empresa_id           uuid NOT NULL,
  pedido_id            uuid NOT NULL,
  posicao              integer NOT NULL,
  id                   uuid NOT NULL,
  insumo_id            uuid NOT NULL,
  quantidade           numeric NOT NULL,
  unidade              text NOT NULL,
  preco_unitario       numeric,
  quantidade_recebida  numeric NOT NULL,
  PRIMARY KEY (empresa_id, pedido_id, posicao)
);

-- Each receipt's fulfilment of an order, per line, kept so that the received quantities are a
-- sum over facts rather than increments: applying an event again changes nothing.
CREATE TABLE compras_pedido_atendimentos (
  empresa_id  uuid NOT NULL,
  pedido_id   uuid NOT NULL,
  nota_id     uuid NOT NULL,
  item_id     uuid NOT NULL,
  quantidade  numeric NOT NULL,
  desfeito    boolean NOT NULL,
  PRIMARY KEY (empresa_id, pedido_id, nota_id, item_id)
);

-- Received invoices (Nota): the header.
CREATE TABLE compras_notas (
  empresa_id     uuid NOT NULL,
  id             uuid NOT NULL,
  chave          text NOT NULL,
  modelo         integer NOT NULL,
  serie          integer NOT NULL,
  numero         integer NOT NULL,
  emitida_em     timestamptz NOT NULL,
  ambiente       text NOT NULL CHECK (ambiente IN ('producao', 'homologacao')),
  fornecedor_id  uuid NOT NULL,
  emitente_cnpj  text NOT NULL,
  pedido_id      uuid,
  local_id       uuid NOT NULL,
  situacao       text NOT NULL CHECK (situacao IN ('recebida', 'cancelada')),
  valor_total    numeric NOT NULL,
  criado_em      timestamptz NOT NULL,
  atualizado_em  timestamptz NOT NULL,
  PRIMARY KEY (empresa_id, id)
);
CREATE INDEX compras_notas_lista ON compras_notas (empresa_id, atualizado_em, id);
CREATE INDEX compras_notas_fornecedor ON compras_notas (empresa_id, fornecedor_id, atualizado_em, id);
CREATE INDEX compras_notas_chave ON compras_notas (empresa_id, chave, atualizado_em, id);
CREATE INDEX compras_notas_situacao ON compras_notas (empresa_id, situacao, atualizado_em, id);

-- An invoice's items, in nItem order, with the costs decided when it was received.
CREATE TABLE compras_nota_itens (
  empresa_id            uuid NOT NULL,
  nota_id               uuid NOT NULL,
  n_item                integer NOT NULL,
  codigo                text NOT NULL,
  descricao             text NOT NULL,
  ncm                   text,
  cfop                  text,
  unidade               text NOT NULL,
  quantidade            numeric NOT NULL,
  insumo_id             uuid NOT NULL,
  fator                 numeric NOT NULL,
  quantidade_consumo    numeric NOT NULL,
  custo_unitario        numeric NOT NULL,
  custo_unitario_bruto  numeric NOT NULL,
  creditos              numeric NOT NULL,
  movimento_id          uuid NOT NULL,
  PRIMARY KEY (empresa_id, nota_id, n_item)
);

-- Supplier item links (VinculoFornecedor): the current link of each supplier code; a removed
-- link has no row. GET /v1/fornecedores/{id}/vinculos orders by codigo: the key is that order.
CREATE TABLE compras_vinculos (
  empresa_id     uuid NOT NULL,
  fornecedor_id  uuid NOT NULL,
  codigo         text NOT NULL COLLATE "C",
  insumo_id      uuid NOT NULL,
  fator          numeric NOT NULL,
  atualizado_em  timestamptz NOT NULL,
  PRIMARY KEY (empresa_id, fornecedor_id, codigo)
);
