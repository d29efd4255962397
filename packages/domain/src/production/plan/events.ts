import type { DecimalText } from '../../stock/money.js';

/** A line of a day plan as stored: `quantidade` units of `produto_id`, produced at `local_id`. */
export type ItemDoPlano = { produto_id: string; quantidade: DecimalText; local_id: string };

/**
 * The day plan of `dia` was replaced by `itens` (in the order given); `versao` counts the
 * replacements of that day. The plan lives in its own stream, `plano-<empresa>-<dia>`.
 */
export type PlanoSubstituido = {
  type: 'PlanoSubstituido.v1';
  data: { dia: string; versao: number; itens: ItemDoPlano[]; substituido_em: string };
};

export type PlanoEvent = PlanoSubstituido;
