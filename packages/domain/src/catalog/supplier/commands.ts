/** A supplier item of `POST /v1/fornecedores/lote`, keys as in the body (values still checked). */
export type FornecedorItem = {
  /** Names the supplier to update; the caller has resolved it into `fornecedor_id`. */
  id?: string;
  nome?: string;
  /** A CNPJ or an individual's CPF, digits with or without punctuation. */
  cnpj?: string | null;
  regime?: string | null;
  uf?: string | null;
  lead_time_dias?: number | null;
  condicao_pagamento?: number[] | null;
  ativo?: boolean;
  contato_nome?: string | null;
  contato_telefone?: string | null;
  email_xml?: string | null;
};

/**
 * Upsert of one item. `fornecedor_id` is the item's `id`, else the company's non-deleted
 * supplier with the item's tax id, else a new id from the caller.
 */
export type SalvarFornecedor = {
  type: 'SalvarFornecedor';
  data: { fornecedor_id: string; item: FornecedorItem; agora: string };
  context: {
    /** When the item sends a tax id: the company's non-deleted supplier that has it, if any. */
    taxIdOwner?: string | null;
  };
};

export type ExcluirFornecedor = {
  type: 'ExcluirFornecedor';
  data: { fornecedor_id: string; agora: string };
};
