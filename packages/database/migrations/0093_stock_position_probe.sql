-- A pair's state at an instant in one probe (GET /v1/estoque/posicao): its last ledger row at or
-- before the instant, in ledger order (criado_em, then the movement's revision in its item's
-- stream). estoque_movimentos_posicao orders equal instants by id, as the movement list needs,
-- so it took two probes per pair (the last instant, then the last revision at it); ordering
-- both by an index of its own makes the probe one backward step that reads the index alone.
CREATE INDEX estoque_movimentos_posicao_ultimo ON estoque_movimentos
  (empresa_id, local_id, insumo_id, criado_em, revisao) INCLUDE (saldo_apos, custo_medio_apos);
