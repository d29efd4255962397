import type { AuthContext } from '@factory/http';
import type { RecordedMovement } from '@factory/write-model';
import { z } from 'zod';

/** The specification's Movimento: every key always present. */
export const movimentoSchema = z.object({
  id: z.uuid(),
  insumo_id: z.uuid(),
  local_id: z.uuid(),
  tipo: z.enum([
    'entrada_nfe',
    'entrada_manual',
    'baixa_producao',
    'ajuste',
    'perda',
    'estorno',
    'saldo_inicial',
  ]),
  quantidade: z.number(),
  unidade: z.string(),
  custo_unitario: z.number().nullable(),
  referencia: z.string().nullable(),
  motivo: z.string().nullable(),
  origem: z.enum(['tela', 'api', 'producao', 'nfe', 'inventario']),
  criado_em: z.string(),
});

export type Movimento = z.output<typeof movimentoSchema>;

/**
 * The recorded movement as the API shows it: decimals (text in the log) as JSON numbers, the
 * unit cost only for tokens with `custos:ler`.
 */
export function toMovimento(movement: RecordedMovement, auth: AuthContext): Movimento {
  return {
    id: movement.movimento_id,
    insumo_id: movement.insumo_id,
    local_id: movement.local_id,
    tipo: movement.tipo,
    quantidade: Number(movement.quantidade),
    unidade: movement.unidade,
    custo_unitario: auth.escopos.includes('custos:ler') ? Number(movement.custo_unitario) : null,
    referencia: movement.referencia,
    motivo: movement.motivo,
    origem: movement.origem,
    criado_em: movement.criado_em,
  };
}
