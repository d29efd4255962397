import { formatInstant } from '@factory/http';
import { z } from 'zod';
import { day, instant, money } from './answer-fields.js';

/** The production record (Apontamento), as its writes, its list and its by-id route answer it. */
export const apontamentoSchema = z.object({
  id: z.uuid(),
  produto_id: z.uuid(),
  quantidade: z.number(),
  local_id: z.uuid(),
  dia: day(),
  referencia: z.string().nullable(),
  motivo: z.string().nullable(),
  estado: z.enum(['registrado', 'cancelado']),
  custo: money('Reais, arredondado a 2 casas: o custo do que o apontamento consumiu.'),
  movimentos: z.array(z.uuid()),
  criado_em: instant(),
  atualizado_em: instant(),
});

export type Apontamento = z.output<typeof apontamentoSchema>;

/** What a record is made of, decimals as exact text, instants as ISO text. */
export interface ApontamentoParts {
  id: string;
  produto_id: string;
  quantidade: string;
  local_id: string;
  dia: string;
  referencia: string | null;
  motivo: string | null;
  estado: 'registrado' | 'cancelado';
  custo: string;
  movimentos: readonly string[];
  criado_em: string;
  atualizado_em: string;
}

/** Costs always filled in: the route nulls them for a token without `custos:ler`. */
export function toApontamento(parts: ApontamentoParts): Apontamento {
  return {
    id: parts.id,
    produto_id: parts.produto_id,
    quantidade: Number(parts.quantidade),
    local_id: parts.local_id,
    dia: parts.dia,
    referencia: parts.referencia,
    motivo: parts.motivo,
    estado: parts.estado,
    custo: Number(parts.custo),
    movimentos: [...parts.movimentos],
    criado_em: formatInstant(new Date(parts.criado_em)),
    atualizado_em: formatInstant(new Date(parts.atualizado_em)),
  };
}
