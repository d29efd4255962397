import { CNPJ_DIGITS, UFS } from '@factory/domain';
import { z } from 'zod';
import { instant } from './answer-fields.js';
import { instantOf } from './instant-of.js';

/** The Fornecedor resource: no contact, no XML e-mail, and an individual's tax id never. No costs. */
export const fornecedorSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  cnpj: z.string().regex(CNPJ_DIGITS).nullable(),
  regime: z.enum(['simples', 'normal']).nullable(),
  uf: z.enum(UFS).nullable(),
  lead_time_dias: z.number().int().nullable(),
  condicao_pagamento: z.array(z.number().int()).nullable(),
  ativo: z.boolean(),
  criado_em: instant(),
  atualizado_em: instant(),
  excluido_em: instant().nullable(),
});

export type Fornecedor = z.infer<typeof fornecedorSchema>;

/** What a supplier is shown from (the catalog read model's row). */
export type FornecedorSource = Omit<Fornecedor, 'uf' | 'criado_em' | 'atualizado_em' | 'excluido_em'> & {
  /** One of UFS: the decider stores no other. */
  uf: string | null;
  criado_em: Date | string;
  atualizado_em: Date | string;
  excluido_em: Date | string | null;
};

export const presentFornecedor = (row: FornecedorSource): Fornecedor => ({
  id: row.id,
  nome: row.nome,
  cnpj: row.cnpj,
  regime: row.regime,
  uf: row.uf as Fornecedor['uf'],
  lead_time_dias: row.lead_time_dias,
  condicao_pagamento: row.condicao_pagamento,
  ativo: row.ativo,
  criado_em: instantOf(row.criado_em),
  atualizado_em: instantOf(row.atualizado_em),
  excluido_em: row.excluido_em && instantOf(row.excluido_em),
});
