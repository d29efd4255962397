import type { DecimalText } from '../../stock/money.js';

export type ConsumoDecidido = {
  movimento_id: string;
  insumo_id: string;
  quantidade: DecimalText;
  custo_unitario: DecimalText;
};

/**
 * A production record was registered with the `baixa_producao` movements it posted. The
 * consumed quantities and costs are those movements' own decided facts, so a bill changed
 * later changes nothing here. `custo` is their value (Σ |quantidade| × custo_unitario) in reais, 2 places, half up.
 */
export type ApontamentoRegistrado = {
  type: 'ApontamentoRegistrado.v1';
  data: {
    apontamento_id: string;
    produto_id: string;
    quantidade: DecimalText;
    local_id: string;
    dia: string;
    referencia: string | null;
    motivo: string | null;
    /** Each `baixa_producao` posted, with its decided quantity (negative) and unit cost. */
    movimentos: ConsumoDecidido[];
    custo: DecimalText;
    registrado_em: string;
  };
};

/** The record was cancelled: each of its movements reversed by the `estornos` named. */
export type ApontamentoCancelado = {
  type: 'ApontamentoCancelado.v1';
  data: { apontamento_id: string; motivo: string | null; estornos: string[]; cancelado_em: string };
};

export type ApontamentoEvent = ApontamentoRegistrado | ApontamentoCancelado;
