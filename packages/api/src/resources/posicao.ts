import { z } from 'zod';
import { instant } from './answer-fields.js';
import { instantOf } from './instant-of.js';
import { balanceFields, presentBalanceFields } from './saldo.js';

/** The position of one item in one location at an instant (GET /v1/estoque/posicao). */
export const posicaoSchema = z.object({ ...balanceFields, ultimo_movimento_em: instant() });

export type Posicao = z.output<typeof posicaoSchema>;

export type PosicaoSource = Omit<Posicao, 'ultimo_movimento_em'> & { ultimo_movimento_em: Date | string };

export const presentPosicao = (row: PosicaoSource): Posicao => ({
  ...presentBalanceFields(row),
  ultimo_movimento_em: instantOf(row.ultimo_movimento_em),
});
