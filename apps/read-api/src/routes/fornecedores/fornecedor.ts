import { formatInstant } from '@factory/http';
import type { SupplierRow } from '@factory/read-models';
import { z } from 'zod';

/** The Fornecedor resource: no contact, no XML e-mail, and an individual's tax id never. */
export const fornecedor = z.object({
  id: z.uuid(),
  nome: z.string(),
  cnpj: z.string().nullable(),
  regime: z.enum(['simples', 'normal']).nullable(),
  uf: z.string().nullable(),
  lead_time_dias: z.number().int().nullable(),
  condicao_pagamento: z.array(z.number().int()).nullable(),
  ativo: z.boolean(),
  criado_em: z.string(),
  atualizado_em: z.string(),
  excluido_em: z.string().nullable(),
});

export type Fornecedor = z.infer<typeof fornecedor>;

export const presentFornecedor = (row: SupplierRow): Fornecedor => ({
  id: row.id,
  nome: row.nome,
  cnpj: row.cnpj,
  regime: row.regime,
  uf: row.uf,
  lead_time_dias: row.lead_time_dias,
  condicao_pagamento: row.condicao_pagamento,
  ativo: row.ativo,
  criado_em: formatInstant(row.criado_em),
  atualizado_em: formatInstant(new Date(row.atualizado_em)),
  excluido_em: row.excluido_em && formatInstant(row.excluido_em),
});
