import type { SituacaoVinculo } from '@factory/domain';
import { z } from 'zod';
import { uuidText } from './decided-fields.js';
import { itemNotaSchema, notaSchema } from './nota.js';

// Types and presence only: the document's checks (compras.md, 1 to 8, in order) and each
// value's are the receipt's decision, which names the key at fault.

/** A link for one invoice item (`n_item` is its `nItem`); saved as the supplier's link for its code. */
export const vinculoRecebimentoSchema = z.strictObject({
  n_item: z.number(),
  insumo_id: uuidText(),
  /** Consumption units in one supplier unit; absent: from the supply item's units. */
  fator: z.number().nullish(),
});

/** The body of POST /v1/compras/recebimentos and of its preview. */
export const recebimentoBodySchema = z.strictObject({
  /** The authorised NF-e as the supplier sent it: an `nfeProc` of layout 4.00, model 55. */
  xml: z.string(),
  local_id: uuidText(),
  /** Absent: taken from the items' `xPed` when it names an open order of the same supplier. */
  pedido_id: uuidText().nullish(),
  vinculos: z.array(vinculoRecebimentoSchema).nullish(),
  /** true accepts an invoice of the test environment (`tpAmb` 2). */
  aceitar_homologacao: z.boolean().nullish(),
});

export type RecebimentoBody = z.output<typeof recebimentoBodySchema>;

/**
 * How the preview found each item's supply item: by a link sent in `vinculos`, by the link
 * saved for the supplier's code, or not at all (the domain's SituacaoVinculo, every one).
 */
export const SITUACOES_VINCULO = [
  'vinculado',
  'aprendido',
  'sem_vinculo',
] as const satisfies readonly SituacaoVinculo[];
// A value the domain adds and this list lacks fails the type check here.
type Missing = Exclude<SituacaoVinculo, (typeof SITUACOES_VINCULO)[number]>;
true satisfies [Missing] extends [never] ? true : Missing;

/** An item of the preview: unmapped (`sem_vinculo`), its supply item, quantities and costs are null. */
export const itemPreviaSchema = itemNotaSchema.extend({
  insumo_id: z.uuid().nullable(),
  fator: z.number().nullable(),
  quantidade_consumo: z.number().nullable(),
  movimento_id: z.null(),
  situacao_vinculo: z.enum(SITUACOES_VINCULO),
});

/** What the receipt would record (POST /v1/compras/recebimentos/previa): the Nota, nothing written. */
export const previaRecebimentoSchema = notaSchema.extend({
  id: z.null(),
  itens: z.array(itemPreviaSchema),
});

export type PreviaRecebimento = z.output<typeof previaRecebimentoSchema>;
