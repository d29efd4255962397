import { CUSTO_DA_FICHA_PLACES } from '@factory/domain';
import { z } from 'zod';
import { fraction, instant, money } from './answer-fields.js';
import { instantOf, numberOf } from './instant-of.js';

/** LinhaDaFicha: both `insumo_id` and `componente_id` always present, the one not applying null. */
export const linhaDaFichaSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(['insumo', 'produto']),
  insumo_id: z.uuid().nullable(),
  componente_id: z.uuid().nullable(),
  consumo: z.number(),
  unidade: z.string(),
  perda_pct: fraction(),
});

/** The Ficha resource, as the bill lists and the bill writes answer it. */
export const fichaSchema = z.object({
  produto_id: z.uuid(),
  versao: z.number().int(),
  ativa: z.boolean(),
  /** The instant the version was created. */
  atualizado_em: instant(),
  linhas: z.array(linhaDaFichaSchema),
  // The cost follows the parts' current costs while atualizado_em stays the version's instant (the
  // specification's Ficha), so an incremental reader of this list cannot see it move: said here.
  custo: money(
    `Reais, arredondado a ${CUSTO_DA_FICHA_PLACES} casas: o custo de uma unidade do produto, pelos custos atuais das partes. ` +
      'Muda sem mover `atualizado_em` (o instante da versão); para acompanhar custos por `atualizado_desde`, use `custo_ficha` de /v1/produtos.',
  ),
});

export type Ficha = z.output<typeof fichaSchema>;

type Linha = z.output<typeof linhaDaFichaSchema>;

/** A bill as the read model keeps it (numbers) or the log records it (decimal text). */
export interface FichaSource {
  produto_id: string;
  versao: number;
  atualizado_em: Date | string;
  linhas: ReadonlyArray<
    Omit<Linha, 'consumo' | 'perda_pct'> & { consumo: number | string; perda_pct: number | string }
  >;
  custo: number | string | null;
}

/** Only active bills are shown (lists, GET and the version a write creates): `ativa` is true. */
export const presentFicha = (source: FichaSource): Ficha => ({
  produto_id: source.produto_id,
  versao: source.versao,
  ativa: true,
  atualizado_em: instantOf(source.atualizado_em),
  linhas: source.linhas.map((linha) => ({
    id: linha.id,
    tipo: linha.tipo,
    insumo_id: linha.insumo_id,
    componente_id: linha.componente_id,
    consumo: Number(linha.consumo),
    unidade: linha.unidade,
    perda_pct: Number(linha.perda_pct),
  })),
  custo: numberOf(source.custo),
});
