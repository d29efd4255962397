import type { Uf } from '../validation/uf.js';

export const REGIMES = ['simples', 'normal'] as const;

/**
 * A supplier's stored fields. The tax id arrives in the item's `cnpj` key and is kept in
 * `cnpj` (14 digits) or `cpf` (an individual's 11 digits): both stay in the events, and
 * projections expose `cnpj` only. `contato_*` and `email_xml` are write-only.
 */
export type FornecedorRegistro = {
  nome: string;
  cnpj: string | null;
  cpf: string | null;
  regime: (typeof REGIMES)[number] | null;
  uf: Uf | null;
  lead_time_dias: number | null;
  /** Day of each instalment, strictly ascending. */
  condicao_pagamento: number[] | null;
  ativo: boolean;
  contato_nome: string | null;
  contato_telefone: string | null;
  email_xml: string | null;
};

export const newFornecedor = (nome: string): FornecedorRegistro => ({
  nome,
  cnpj: null,
  cpf: null,
  regime: null,
  uf: null,
  lead_time_dias: null,
  condicao_pagamento: null,
  ativo: true,
  contato_nome: null,
  contato_telefone: null,
  email_xml: null,
});
