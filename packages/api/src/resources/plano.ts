import { formatInstant } from '@factory/http';
import { z } from 'zod';
import { day, instant, money } from './answer-fields.js';

export const necessidadeSchema = z.object({
  insumo_id: z.uuid(),
  local_id: z.uuid(),
  quantidade: z.number(),
  unidade: z.string(),
  saldo: z.number(),
  falta: z.number(),
  custo: money('Reais, arredondado a 2 casas: a quantidade pelo custo médio do insumo no local.'),
});

/** The day plan (Plano), as GET /v1/producao/plano and PUT /v1/producao/plano/{dia} answer it. */
export const planoSchema = z.object({
  dia: day(),
  versao: z.number().int(),
  itens: z.array(z.object({ produto_id: z.uuid(), quantidade: z.number(), local_id: z.uuid() })),
  necessidades: z.array(necessidadeSchema),
  atualizado_em: instant().nullable(),
});

export type Plano = z.output<typeof planoSchema>;

/** What a plan is made of, decimals as exact text (the events' and read models' form). */
export interface PlanoParts {
  dia: string;
  versao: number;
  itens: ReadonlyArray<{ produto_id: string; quantidade: string; local_id: string }>;
  necessidades: ReadonlyArray<{
    insumo_id: string;
    local_id: string;
    quantidade: string;
    unidade: string;
    saldo: string;
    falta: string;
    /** Reais, already to 2 places. */
    custo: string;
  }>;
  atualizado_em: Date | null;
}

/** Costs always filled in: the route nulls them for a token without `custos:ler`. */
export function toPlano(parts: PlanoParts): Plano {
  return {
    dia: parts.dia,
    versao: parts.versao,
    itens: parts.itens.map((i) => ({
      produto_id: i.produto_id,
      quantidade: Number(i.quantidade),
      local_id: i.local_id,
    })),
    necessidades: parts.necessidades.map((n) => ({
      insumo_id: n.insumo_id,
      local_id: n.local_id,
      quantidade: Number(n.quantidade),
      unidade: n.unidade,
      saldo: Number(n.saldo),
      falta: Number(n.falta),
      custo: Number(n.custo),
    })),
    atualizado_em: parts.atualizado_em && formatInstant(parts.atualizado_em),
  };
}
