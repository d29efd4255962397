import { ORIGENS, TIPOS_MOVIMENTO } from '@factory/domain';
import { z } from 'zod';
import { instant, money } from './answer-fields.js';
import { instantOf, numberOf } from './instant-of.js';

/** The specification's Movimento, as both the ledger list and the movement writes answer it. */
export const movimentoSchema = z.object({
  id: z.uuid(),
  insumo_id: z.uuid(),
  local_id: z.uuid(),
  tipo: z.enum(TIPOS_MOVIMENTO),
  quantidade: z.number(),
  unidade: z.string(),
  custo_unitario: money('Reais por unidade do movimento.'),
  referencia: z.string().nullable(),
  motivo: z.string().nullable(),
  origem: z.enum(ORIGENS),
  criado_em: instant(),
});

export type Movimento = z.output<typeof movimentoSchema>;

/** A movement as the ledger read model keeps it or the log records it (decimals as text). */
export interface MovimentoSource {
  id: string;
  insumo_id: string;
  local_id: string;
  tipo: string;
  quantidade: number | string;
  unidade: string;
  custo_unitario: number | string | null;
  referencia: string | null;
  motivo: string | null;
  origem: string;
  criado_em: Date | string;
}

export const presentMovimento = (source: MovimentoSource): Movimento => ({
  id: source.id,
  insumo_id: source.insumo_id,
  local_id: source.local_id,
  tipo: source.tipo as Movimento['tipo'],
  quantidade: Number(source.quantidade),
  unidade: source.unidade,
  custo_unitario: numberOf(source.custo_unitario),
  referencia: source.referencia,
  motivo: source.motivo,
  origem: source.origem as Movimento['origem'],
  criado_em: instantOf(source.criado_em),
});
