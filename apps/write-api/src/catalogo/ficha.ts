import type { AuthContext } from '@factory/http';
import type { DefineBillOutcome } from '@factory/write-model';
import { z } from 'zod';
import { canReadCosts } from './catalogo-deps.js';

/** The specification's Ficha: every key always present, both line ids (one null). */
export const fichaSchema = z.object({
  produto_id: z.uuid(),
  versao: z.number().int(),
  ativa: z.boolean(),
  atualizado_em: z.string(),
  linhas: z.array(
    z.object({
      id: z.uuid(),
      tipo: z.enum(['insumo', 'produto']),
      insumo_id: z.uuid().nullable(),
      componente_id: z.uuid().nullable(),
      consumo: z.number(),
      unidade: z.string(),
      perda_pct: z.number(),
    }),
  ),
  custo: z.number().nullable(),
});

export type Ficha = z.output<typeof fichaSchema>;

type Defined = Extract<DefineBillOutcome, { ok: true }>['ficha'];

/**
 * The new version as the API shows it: decimals (text in the log) as numbers; `custo` only for
 * tokens with `custos:ler` (computed by the caller, see the README), `atualizado_em` the instant
 * the version was created.
 */
export function toFicha(ficha: Defined, custo: string | null, auth: AuthContext): Ficha {
  return {
    produto_id: ficha.produto_id,
    versao: ficha.versao,
    ativa: true,
    atualizado_em: ficha.definida_em,
    linhas: ficha.linhas.map((linha) => ({
      ...linha,
      consumo: Number(linha.consumo),
      perda_pct: Number(linha.perda_pct),
    })),
    custo: canReadCosts(auth) && custo !== null ? Number(custo) : null,
  };
}
