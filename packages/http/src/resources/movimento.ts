import { ORIGENS, TIPOS_MOVIMENTO } from '@factory/domain';
import { z } from 'zod';

/** The specification's Movimento, as both the ledger list and the movement writes answer it. */
export const movimentoSchema = z.object({
  id: z.uuid(),
  insumo_id: z.uuid(),
  local_id: z.uuid(),
  tipo: z.enum(TIPOS_MOVIMENTO),
  quantidade: z.number(),
  unidade: z.string(),
  /** `custos:ler` only. */
  custo_unitario: z.number().nullable(),
  referencia: z.string().nullable(),
  motivo: z.string().nullable(),
  origem: z.enum(ORIGENS),
  criado_em: z.string(),
});

export type Movimento = z.output<typeof movimentoSchema>;
