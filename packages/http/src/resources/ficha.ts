import { z } from 'zod';

/** LinhaDaFicha: both `insumo_id` and `componente_id` always present, the one not applying null. */
export const linhaDaFichaSchema = z.object({
  id: z.string(),
  tipo: z.enum(['insumo', 'produto']),
  insumo_id: z.uuid().nullable(),
  componente_id: z.uuid().nullable(),
  consumo: z.number(),
  unidade: z.string(),
  perda_pct: z.number(),
});

/** The Ficha resource, as the bill lists and the bill writes answer it. */
export const fichaSchema = z.object({
  produto_id: z.uuid(),
  versao: z.number().int(),
  ativa: z.boolean(),
  /** The instant the version was created. */
  atualizado_em: z.string(),
  linhas: z.array(linhaDaFichaSchema),
  /** `custos:ler` only; reais, 4 places. */
  custo: z.number().nullable(),
});

export type Ficha = z.output<typeof fichaSchema>;
