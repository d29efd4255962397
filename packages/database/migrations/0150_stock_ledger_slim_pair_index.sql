-- estoque_movimentos_posicao carried the after-state (revisao, saldo_apos, custo_medio_apos) for
-- the position's probe, which now reads estoque_movimentos_posicao_ultimo alone (0093). Its one
-- reader left is the movement list filtered by item and location, which reads the row itself
-- for its columns: the included columns were written on every movement the projector copies (the
-- ledger's insert is most of the catch-up's SQL time, issue 24) and never read.
DROP INDEX estoque_movimentos_posicao;
CREATE INDEX estoque_movimentos_posicao ON estoque_movimentos (empresa_id, local_id, insumo_id, criado_em, id);
